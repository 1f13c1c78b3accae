// Hungarian. No casino source found (searched for Hungarian provably-fair pages of casinos of this
// kind): every wording here is a translation. "Seed" and "nonce" are kept in English, as casinos
// writing in the other languages do (see tr.ts, pt.ts, it.ts, fr.ts).
import type { Vocabulary } from './vocabulary.js';

export const HU: Vocabulary = {
  labels: [
    'game=játék|játék neve',
    'serverSeed=szerver seed|szerver mag|felfedett szerver seed|szerver seed felfedve',
    'commitment=szerver seed hash|szerver seed hashe|hashelt szerver seed|szerver seed hashelve|aktív szerver seed hash',
    'clientSeed=kliens seed|kliens mag|ügyfél seed|saját kliens seed|aktív kliens seed',
    'nonce=következő nonce',
    'roundSignature=kör aláírása|kör aláírás',
    'result=eredmény|nyerőszám|nyerő szám',
    'result/Keno=kihúzott számok|találatok',
    'picks/Keno=választott számaid|kiválasztott számok|tippjeid',
    'stake=tét|tét összege',
    'payout=kifizetés|nyeremény',
    'multiplier=szorzó',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=seedek cseréje|seed pár cseréje|új seed pár|kliens seed módosítása|kliens seed beállítása|seed pár megjelenítése|seed pár elrejtése|seed pár|seedek|tisztesség|bizonyíthatóan tisztességes',
  ],
  games: 'European Roulette|európai rulett|rulett;American Roulette|amerikai rulett;Mines|aknák;Dice|kocka',
};
