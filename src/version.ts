// Owns the product version: package.json's, embedded in the build (the compiled executable carries it too).
import pkg from '../package.json' with { type: 'json' };

export const VERSION: string = pkg.version;
