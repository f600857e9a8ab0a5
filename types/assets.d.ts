// Declares files imported with `with { type: 'file' }` (Bun's file embedding): the import is the file's path, on disk
// from a source checkout, inside the compiled executable once built.
declare module '*.ttf' {
  const path: string;
  export default path;
}
