export type WebhookOptions = {
    /** How far the signature's time may be from now, in seconds; default 300. */
    toleranceSeconds?: number;
    /** The current time in milliseconds (tests); default Date.now(). */
    now?: number;
};
/**
 * True only when `signatureHeader` carries a v1 HMAC of exactly these body bytes made with `secret`, dated within
 * the tolerance. Pass the body as received (text or bytes), before any JSON parsing: re-serialized JSON differs.
 */
export declare function verifyWebhook(rawBody: string | Uint8Array, signatureHeader: string | null | undefined, secret: string, o?: WebhookOptions): boolean;
