// Renders one small component into jsdom with the strings of a language, for the picture tests.
import { render, type ComponentChildren } from 'preact';
import { act } from 'preact/test-utils';
import de from '../../src/_locales/de/messages.json';
import en from '../../src/_locales/en/messages.json';
import { EnvContext, type PopupEnv } from '../../src/popup/env.js';
import { translatorFrom, type LocaleEntry } from '../../src/ui/i18n.js';

export const strings = {
  en: translatorFrom(en as Record<string, LocaleEntry>),
  de: translatorFrom(de as Record<string, LocaleEntry>),
};

export function renderPicture(node: ComponentChildren, language: keyof typeof strings = 'en'): HTMLElement {
  const env = { t: strings[language] } as unknown as PopupEnv;
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    render(<EnvContext.Provider value={env}>{node}</EnvContext.Provider>, container);
  });
  return container;
}
