import { describe, expect, it } from 'vitest';
import { isCasinoAddress, isCasinoDocument } from '../../src/shared/casino.js';

describe('isCasinoAddress', () => {
  it('is an https address on cloudbet.com or a subdomain, nothing else', () => {
    for (const yes of ['https://www.cloudbet.com/en/casino', 'https://cloudbet.com/', 'https://games.eu.cloudbet.com/x']) expect(isCasinoAddress(yes)).toBe(true);
    for (const no of ['http://www.cloudbet.com/', 'https://cloudbet.com.evil.example/', 'https://evilcloudbet.com/', 'https://www.cloudbet.com@evil.example/', 'not a url', 'about:blank']) expect(isCasinoAddress(no)).toBe(false);
  });
});

describe('isCasinoDocument', () => {
  it('takes a frame a casino page made (about:blank, about:srcdoc, its blob:) when the origin is the casino\'s or not named (Firefox)', () => {
    expect(isCasinoDocument('about:srcdoc', 'https://www.cloudbet.com')).toBe(true);
    expect(isCasinoDocument('about:blank', undefined)).toBe(true);
    expect(isCasinoDocument('about:blank#x', undefined)).toBe(true);
    expect(isCasinoDocument('blob:https://www.cloudbet.com/0f6c', undefined)).toBe(true);
    expect(isCasinoDocument('data:text/html,x', 'https://www.cloudbet.com')).toBe(true);
  });

  it('refuses such a frame of another origin, and any other page', () => {
    expect(isCasinoDocument('about:srcdoc', 'https://evil.example')).toBe(false);
    expect(isCasinoDocument('about:srcdoc', 'null')).toBe(false);
    expect(isCasinoDocument('blob:https://evil.example/0f6c', undefined)).toBe(false);
    expect(isCasinoDocument('blob:https://www.cloudbet.com/0f6c', 'https://evil.example')).toBe(false);
    expect(isCasinoDocument('data:text/html,x', undefined)).toBe(false);
    expect(isCasinoDocument('about:blankx', undefined)).toBe(false);
    expect(isCasinoDocument('https://evil.example/', 'https://www.cloudbet.com')).toBe(false);
  });
});
