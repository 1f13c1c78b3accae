// The self-signed certificate: made once with openssl for the casino's names, then reused.
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureCertificate } from '../../scripts/demo-casino/tls.js';

const dirs: string[] = [];
async function scratch(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-demo-tls-test-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('ensureCertificate', () => {
  it('makes a certificate for www.cloudbet.com, cloudbet.com and localhost, and reuses it', async () => {
    const dir = await scratch();
    const first = await ensureCertificate(dir);
    const cert = new X509Certificate(first.cert);
    expect(cert.subject).toContain('CN=www.cloudbet.com');
    expect(cert.subjectAltName).toBe('DNS:www.cloudbet.com, DNS:cloudbet.com, DNS:localhost');
    expect(cert.checkPrivateKey(createPrivateKey(first.key))).toBe(true);
    const again = await ensureCertificate(dir);
    expect(again.cert).toBe(first.cert);
  });

  it('replaces a cached file that is not a usable certificate', async () => {
    const dir = await scratch();
    const first = await ensureCertificate(dir);
    await writeFile(first.certificatePath, 'garbage');
    const second = await ensureCertificate(dir);
    expect(new X509Certificate(second.cert).subjectAltName).toContain('DNS:www.cloudbet.com');
  });

  it('says plainly when openssl is missing', async () => {
    await expect(ensureCertificate(await scratch(), 'openssl-that-does-not-exist')).rejects.toThrow(/`openssl` was not found on PATH/);
  });
});
