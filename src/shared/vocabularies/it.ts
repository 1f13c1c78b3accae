// Italian. Sources: gambear.com/it/support/provably-fair keeps "Client Seed", "Server Seed" and
// "Nonce" in English (read by the English words; "Server Seed in chiaro" for the revealed one).
// "Seed del server/client", result, keno, amounts and game names: no casino source found, translated.
import type { Vocabulary } from './vocabulary.js';

export const IT: Vocabulary = {
  labels: [
    'game=gioco|nome del gioco',
    'serverSeed=seed del server|seme del server|seed del server rivelato|server seed rivelato|server seed in chiaro',
    'commitment=hash del seed del server|hash del server seed|seed del server hash|seed del server con hash|server seed con hash',
    'clientSeed=seed del client|seme del client|il tuo seed del client|seed del client attuale',
    'nonce=prossimo nonce|nonce successivo',
    'roundSignature=firma del round|firma della mano',
    'result=risultato|numero vincente',
    'result/Keno=numeri estratti|estrazione',
    'picks/Keno=i tuoi numeri|numeri scelti|numeri selezionati',
    'stake=puntata|importo della puntata',
    'payout=pagamento|vincita',
    'multiplier=moltiplicatore',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=cambia seed|cambia coppia di seed|nuova coppia di seed|cambia seed del client|imposta seed del client|mostra coppia di seed|nascondi coppia di seed|coppia di seed|equità|equità dimostrabile|dimostrabilmente equo',
  ],
  games: 'European Roulette|roulette europea;American Roulette|roulette americana;Mines|mine;Dice|dadi',
};
