/*
 * Text no person types: NUL and unpaired surrogates cannot be stored or searched (PostgreSQL refuses
 * them), and U+FFFD is what invalid UTF-8 in a URL or body decodes to. All come only from broken clients.
 */
const BROKEN_TEXT = /[\u0000\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is text that can be stored and searched as it is. */
export function isWellFormedText(value: string): boolean {
  return !BROKEN_TEXT.test(value);
}
