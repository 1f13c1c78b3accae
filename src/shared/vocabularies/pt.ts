// Brazilian Portuguese. Sources: gambear.com/pt/support/provably-fair and jemlit.com/pt keep
// "Server Seed", "Client Seed" and "Nonce" in English (read by the English words; "Server Seed sem
// hash" from jemlit); aviatorplaygame.com (pt) writes "semente do servidor", "semente do cliente";
// nesha.store labels its draws "Resultado". "Seed do servidor/cliente", keno, amounts and game
// names: no casino source found, translated. "Ganho" is left out: Stake's Portuguese "Lucro" and
// "Ganho" may be the profit, not the amount paid back.
import type { Vocabulary } from './vocabulary.js';

export const PT: Vocabulary = {
  labels: [
    'game=jogo|nome do jogo',
    'serverSeed=seed do servidor|semente do servidor|seed do servidor revelada|semente do servidor revelada|server seed revelada|server seed sem hash|seed do servidor sem hash',
    'commitment=hash da server seed|hash do server seed|hash da seed do servidor|hash do seed do servidor|hash da semente do servidor|seed do servidor hash|seed do servidor com hash|server seed com hash',
    'clientSeed=seed do cliente|semente do cliente|sua seed do cliente|seed do cliente atual',
    'nonce=próximo nonce',
    'roundSignature=assinatura da rodada',
    'result=resultado|número vencedor',
    'result/Keno=números sorteados|acertos',
    'picks/Keno=seus números|números escolhidos|números selecionados|suas escolhas',
    'stake=aposta|valor da aposta',
    'payout=pagamento',
    'multiplier=multiplicador',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=trocar seeds|trocar par de seeds|novo par de seeds|alterar seed do cliente|definir seed do cliente|mostrar par de seeds|ocultar par de seeds|par de seeds|justiça|comprovadamente justo',
  ],
  games: 'European Roulette|roleta europeia|roleta;American Roulette|roleta americana;Mines|minas;Dice|dados',
};
