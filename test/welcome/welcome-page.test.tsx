// @vitest-environment jsdom
// The welcome page: every step and heading worded from the locale (English and German), and the
// button to the casino.
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, test } from 'vitest';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';
import { WelcomePage } from '../../src/welcome/welcome-page.js';

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});

function show(messages: Record<string, LocaleEntry>, onOpenCasino?: () => void): HTMLElement {
  container = document.createElement('div');
  document.body.append(container);
  render(<WelcomePage t={translatorFrom(messages)} onOpenCasino={onOpenCasino} />, container);
  return container;
}

describe('welcome page', () => {
  test('says what it does, the four steps to witnessed rounds, and that nothing leaves the browser', () => {
    const page = show(en as Record<string, LocaleEntry>);
    expect(page.querySelector('h1')!.textContent).toBe('Fair Witness is ready');
    const steps = [...page.querySelectorAll('.welcome-steps li')].map((li) => li.textContent);
    expect(steps).toHaveLength(4);
    expect(steps[1]).toMatch(/fairness panel .* before your bet/);
    expect(page.textContent).toMatch(/It sends nothing anywhere/);
    // Every text is a message: no key name left unresolved.
    expect(page.textContent).not.toMatch(/welcome[A-Z]|glossary[A-Z]/);
  });

  test('German, in the informal register', () => {
    const page = show(de as Record<string, LocaleEntry>);
    expect(page.querySelector('h1')!.textContent).toBe('Fair Witness ist bereit');
    expect(page.textContent).toMatch(/Nichts verlässt deinen Browser/);
    expect(page.textContent).not.toMatch(/\b(Sie|Ihr|Ihre|Ihren)\b/);
  });

  test.each([
    ['en', en, /fairness panel/, /rotate the seed pair/],
    ['de', de, /Fairness-Fenster/, /wechsle danach das Seed-Paar/],
  ] as const)('in %s, the one habit in two sentences: see the pair before the bet, rotate to have rounds checked, the round after such a click not witnessed', (_, messages, panel, rotate) => {
    const t = translatorFrom(messages as Record<string, LocaleEntry>);
    const habit = show(messages as Record<string, LocaleEntry>).querySelector('[data-habit]')!.textContent!;
    expect(habit).toBe(t('firstRunHabit'));
    // Two sentences: two full stops, each ending one, and none inside (no abbreviations).
    expect(habit.match(/[.!?](\s|$)/g)).toHaveLength(2);
    expect(habit).toMatch(panel);
    expect(habit).toMatch(rotate);
    // The level's own word (docs/trust.md, "Limits": the round right after a rotation or a set client seed is history).
    expect(habit).toContain(t('levelHistory'));
  });

  test('the button opens the casino', async () => {
    const opened: string[] = [];
    const page = show(en as Record<string, LocaleEntry>, () => opened.push('casino'));
    await act(() => page.querySelector<HTMLButtonElement>('[data-action="open-casino"]')!.click());
    expect(opened).toEqual(['casino']);
  });
});
