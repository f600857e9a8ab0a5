export type Exchange = {
    method: string;
    url: string;
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    ca?: string;
};
export type Answer = {
    status: number;
    headers: Headers;
    bytes: Uint8Array;
};
/** Thrown when no answer arrived (refused, reset, TLS failure, dropped); `timedOut` when the deadline passed. */
export declare class NoAnswer extends Error {
    readonly timedOut: boolean;
    constructor(message: string, timedOut: boolean, cause?: unknown);
}
export declare function exchange(x: Exchange): Promise<Answer>;
