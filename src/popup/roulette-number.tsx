// A roulette number in its wheel colour (red, black or the green of 0 and 00), with the colour
// also in words for screen readers.
import { pocketColour } from '../core/index.js';
import { useEnv } from './env.js';
import type { Translate } from '../ui/i18n.js';

const COLOUR_KEYS = { red: 'pocketRed', black: 'pocketBlack', green: 'pocketGreen' } as const;

/** The accessible name of a number: "17, red". */
export function pocketText(pocket: string, t: Translate): string {
  return t('pocketNamed', [pocket, t(COLOUR_KEYS[pocketColour(pocket)])]);
}

export function RouletteNumber({ pocket, large = false, struck = false }: { pocket: string; large?: boolean; struck?: boolean }) {
  const { t } = useEnv();
  const colour = pocketColour(pocket);
  return (
    <span
      class={`pocket pocket-${colour}${large ? ' pocket-large' : ''}${struck ? ' pocket-struck' : ''}`}
      role="img"
      aria-label={pocketText(pocket, t)}
      data-pocket={pocket}
      data-colour={colour}
    >
      {pocket}
    </span>
  );
}
