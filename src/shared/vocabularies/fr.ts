// French. Sources: play2x.com/fr/fairness/overview keeps "client seed", "server seed" and "nonce"
// in English (read by the English words; it names the nonce "Numéro unique (nonce)");
// winupgo.com/fr ("server seed", "hachage"). "Graine du serveur/client", result, keno, amounts and
// game names: no casino source found, translated. "Dés" (dice) is left out of the game names: it
// folds to "des", a common French word, and would name a game in any heading.
import type { Vocabulary } from './vocabulary.js';

export const FR: Vocabulary = {
  labels: [
    'game=jeu|nom du jeu',
    'serverSeed=graine du serveur|graine serveur|seed serveur|seed du serveur|graine du serveur révélée|server seed révélé',
    'commitment=hash de la graine du serveur|graine du serveur hachée|hachage de la graine du serveur|hash du seed serveur|seed serveur hash|server seed haché|hachage du server seed',
    'clientSeed=graine du client|graine client|seed client|seed du client|votre graine client',
    'nonce=nonce suivant|prochain nonce|numéro unique nonce',
    'roundSignature=signature du tour|signature de la manche',
    'result=résultat|numéro gagnant',
    'result/Keno=numéros tirés|tirage',
    'picks/Keno=vos numéros|numéros choisis|numéros sélectionnés|votre sélection',
    'stake=mise|montant de la mise',
    'payout=paiement',
    'multiplier=multiplicateur',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=changer les seeds|changer de paire de seeds|nouvelle paire de seeds|changer la seed client|définir la seed client|afficher la paire de seeds|masquer la paire de seeds|paire de seeds|équité|équité prouvable|prouvablement équitable',
  ],
  games: 'European Roulette|roulette européenne;American Roulette|roulette américaine',
};
