/**
 * Escapes text for an XML or HTML element body or attribute value.
 *
 * @example
 * ```ts
 * xmlEscape('a <b> & "c"'); // 'a &lt;b&gt; &amp; &quot;c&quot;'
 * ```
 */
export function xmlEscape(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
