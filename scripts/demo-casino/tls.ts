// A self-signed certificate for the demo's host names, made once with openssl and cached, so the
// browser can reach https://www.cloudbet.com/ on this machine (the extension only runs on https
// cloudbet.com pages). Browsers are told to ignore the self-signed issuer; nothing is installed.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CERT_HOSTS = ['www.cloudbet.com', 'cloudbet.com', 'localhost'] as const;

export interface TlsFiles {
  certificatePath: string;
  keyPath: string;
  cert: string;
  key: string;
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_CACHE_DIR = join(repoRoot, 'node_modules', '.cache', 'fair-witness-demo');
// Bump when the subject or names change, so an old cached certificate is not reused.
const CERT_DIR_NAME = 'tls-v1';
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;

/** `opensslCommand` is only for tests (to see the message when openssl is missing). */
export async function ensureCertificate(cacheDir = DEFAULT_CACHE_DIR, opensslCommand = 'openssl'): Promise<TlsFiles> {
  const dir = join(cacheDir, CERT_DIR_NAME);
  const cached = await readUsable(dir);
  if (cached) return cached;
  await rm(dir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  // Made in a private directory and renamed into place whole: test files start casinos in
  // parallel, and a key from one openssl run must never end up beside another run's certificate.
  const scratch = await mkdtemp(join(cacheDir, 'tmp-'));
  try {
    await openssl(opensslCommand, scratch);
    try {
      await rename(scratch, dir);
    } catch (error) {
      if (!isCode(error, 'ENOTEMPTY', 'EEXIST')) throw error;
      // Another process finished first: use its pair.
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const made = await readUsable(dir);
  if (!made) throw new Error(`demo casino: openssl ran but ${dir} holds no usable certificate`);
  return made;
}

async function readUsable(dir: string): Promise<TlsFiles | null> {
  const certificatePath = join(dir, 'cert.pem');
  const keyPath = join(dir, 'key.pem');
  if (!existsSync(certificatePath) || !existsSync(keyPath)) return null;
  try {
    const [cert, key] = await Promise.all([readFile(certificatePath, 'utf8'), readFile(keyPath, 'utf8')]);
    const x509 = new X509Certificate(cert);
    const fresh = Date.parse(x509.validTo) - Date.now() > RENEW_BEFORE_MS;
    const names = x509.subjectAltName ?? '';
    if (!fresh || !CERT_HOSTS.every((host) => names.includes(`DNS:${host}`))) return null;
    return { certificatePath, keyPath, cert, key };
  } catch {
    return null;
  }
}

function openssl(command: string, dir: string): Promise<void> {
  const args = [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30',
    '-subj', '/CN=www.cloudbet.com',
    '-addext', `subjectAltName=${CERT_HOSTS.map((host) => `DNS:${host}`).join(',')}`,
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
  ];
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if (isCode(error, 'ENOENT')) {
        reject(new Error('demo casino: `openssl` was not found on PATH. It is needed once to make the self-signed TLS certificate for www.cloudbet.com (Debian: apt-get install openssl).'));
      } else {
        reject(new Error(`demo casino: openssl failed to make the TLS certificate: ${stderr.trim() || error.message}`));
      }
    });
  });
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return typeof error === 'object' && error !== null && codes.includes(String((error as { code?: unknown }).code));
}
