import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A self-signed certificate for `127.0.0.1` and `localhost`, with the paths of its files (point
 * `NODE_EXTRA_CA_CERTS` of a child process at `certPath` to make it trust the simulator).
 *
 * @example
 * ```ts
 * const { certPath } = createSelfSignedCertificate();
 * spawn('node', ['cli.js'], { env: { ...process.env, NODE_EXTRA_CA_CERTS: certPath } });
 * ```
 */
export interface SelfSignedCertificate {
  key: string;
  cert: string;
  keyPath: string;
  certPath: string;
}

/**
 * Makes a fresh certificate with the machine's `openssl` (a test tool: written to a temporary
 * directory, valid two days). Node has no API to create certificates, and one spawn of openssl
 * is cheaper than shipping a fixed key that would be a shared secret.
 *
 * @example
 * ```ts
 * const tls = createSelfSignedCertificate();
 * const sim = await startSalesforceSimulator({ tls });
 * ```
 */
export function createSelfSignedCertificate(): SelfSignedCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'conduit-sf-cert-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), keyPath, certPath };
}
