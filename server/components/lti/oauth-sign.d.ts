/** The part of oauth-sign (no published types) the test tool uses: RFC 5849 HMAC-SHA1 signatures. */
declare module 'oauth-sign' {
  /** The base64 HMAC-SHA1 signature of a request; array values stand for repeated parameters. */
  export function hmacsign(httpMethod: string, baseUri: string, params: Record<string, string | string[]>, consumerSecret: string, tokenSecret?: string): string;
}
