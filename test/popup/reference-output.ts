// The casino's published keno verifier program (docs/design.md, "The procedure") run with its
// placeholder inputs, exactly as Node prints it: the text a player would paste.
export const KENO_REFERENCE_OUTPUT = `📝 Commitment (shown before the game): b7cc9922976bd6f802961f3f8b66da8d49c6e4fca2b9c3b8228e4a85adcb4e65
🔒 Server Seed (revealed after the game): your_server_seed
🎲 Client Seed: your_client_seed
🔢 Nonce: 1
🔁 Round Signature (can be verified after the game): b17f53842110e0d89b013e2632ebaed66120ebca91dd089d72c57b11f4fe28dc
🎯 Hits: [
   3,  5,  6,  7, 15,
  19, 21, 22, 28, 29
]
`;

/** What parseFairnessText (src/capture/readers/text-parser.ts) is specified to return for it. */
export const KENO_REFERENCE_PARSED = {
  commitment: 'b7cc9922976bd6f802961f3f8b66da8d49c6e4fca2b9c3b8228e4a85adcb4e65',
  serverSeed: 'your_server_seed',
  clientSeed: 'your_client_seed',
  nonce: '1',
  roundSignature: 'b17f53842110e0d89b013e2632ebaed66120ebca91dd089d72c57b11f4fe28dc',
  result: ['3', '5', '6', '7', '15', '19', '21', '22', '28', '29'],
};

/** The roulette reference program with its placeholder inputs, American version. */
export const ROULETTE_REFERENCE_OUTPUT = `📝 Commitment (shown before the game): b7cc9922976bd6f802961f3f8b66da8d49c6e4fca2b9c3b8228e4a85adcb4e65
🔒 Server Seed (revealed after the game): your_server_seed
🎲 Client Seed: your_client_seed
🔢 Nonce: 1
🎯 Winning Number (in the american version): 7
`;
