// Spanish. Sources: the Spanish provably-fair page of Gambear (served as stakegambling.com/es:
// "Client Seed (semilla del cliente)", "Server Seed (semilla del servidor)"), jemlit.com/es ("Seed
// del Servidor", "Seed del Cliente"), aviatorplaygame.com/es ("semilla de servidor", "semilla
// cliente"). Result, keno, amounts and game names: no casino source found, translated. "Ganancia"
// is left out: on Spanish casino pages it is often the profit, not the amount paid back.
import type { Vocabulary } from './vocabulary.js';

export const ES: Vocabulary = {
  labels: [
    'game=juego|nombre del juego',
    'serverSeed=semilla del servidor|semilla de servidor|seed del servidor|semilla del servidor revelada|seed del servidor revelada|semilla del servidor sin hash',
    'commitment=hash de la semilla del servidor|hash del seed del servidor|semilla del servidor hash|semilla del servidor hasheada|seed del servidor hash|seed del servidor hasheada',
    'clientSeed=semilla del cliente|semilla de cliente|semilla cliente|seed del cliente|tu semilla del cliente|semilla del cliente actual',
    'nonce=próximo nonce|siguiente nonce',
    'roundSignature=firma de la ronda',
    'result=resultado|número ganador',
    'result/Keno=números sorteados|aciertos',
    'picks/Keno=tus números|números elegidos|números seleccionados|tu selección',
    'stake=apuesta|importe de la apuesta|monto de la apuesta',
    'payout=pago',
    'multiplier=multiplicador',
    // The whole text of a fairness control (rotate, new seed pair, set the client seed, show the pair): translated, no casino source found.
    'control=cambiar semillas|rotar semillas|nuevo par de semillas|cambiar semilla del cliente|establecer semilla del cliente|mostrar par de semillas|ocultar par de semillas|par de semillas|semillas|equidad|justicia demostrable|demostrablemente justo',
  ],
  games: 'European Roulette|ruleta europea|ruleta;American Roulette|ruleta americana;Mines|minas;Dice|dados',
};
