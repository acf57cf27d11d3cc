/**
 * Does what a user's browser does on a simulator's consent page, without a browser: loads the page
 * at `authorizeUrl`, posts its form back with the chosen button, and returns the redirect target
 * (the client's `redirect_uri` with `code` or `error`, and `state`). Throws when the page is not a
 * consent form (a refused request) or the answer is not a redirect.
 *
 * @example
 * ```ts
 * const callback = await submitConsent(authorizeUrl, 'allow');
 * callback.searchParams.get('code');
 * ```
 */
export async function submitConsent(authorizeUrl: string | URL, decision: 'allow' | 'deny'): Promise<URL> {
  const url = new URL(authorizeUrl);
  const page = await fetch(url, { redirect: 'manual' });
  const html = await page.text();
  const form = /<form method="post" action="([^"]*)">(.*?)<\/form>/s.exec(html);
  if (page.status !== 200 || form === null) {
    throw new Error(`no consent form at ${url.origin}${url.pathname}: ${page.status} ${html.slice(0, 200)}`);
  }
  const fields = new URLSearchParams();
  for (const input of (form[2] ?? '').matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(input[1] as string, unescapeHtml(input[2] as string));
  }
  fields.set('decision', decision);
  const answer = await fetch(new URL(unescapeHtml(form[1] ?? ''), url), {
    method: 'POST',
    body: fields,
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null) {
    throw new Error(`the consent form answered ${answer.status}, not a redirect`);
  }
  return new URL(location);
}

function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );
}
