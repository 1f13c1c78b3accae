// Writes test/fixtures/reference-vectors.json: reference rounds computed by the casino's published
// procedure (docs/design.md, "The algorithm") as its own verifier programs run it, through the line
// by line port in test/core/reference-oracle.ts (js-sha3, the package those programs install). The
// fixture is committed; tests read it and never regenerate it. `npm run vectors` writes it again.
//
// The inputs: 40 random seed pairs with nonces, then edge cases: a client seed with non-ASCII
// characters, an empty client seed with nonce 0, the placeholder seeds of the casino's programs, and
// a client seed containing ':' with nonce 2^53-1. No real seed makes rejection sampling fire (about
// 7 in 2^32 draws for 37 outcomes); tests cover that path with synthetic streams.
import { writeFileSync } from 'node:fs';
import { referenceCommitment, referenceKeno, referenceRoulette, referenceSignature } from '../test/core/reference-oracle.js';

const INPUTS: [serverSeed: string, clientSeed: string, nonce: number][] = [
  ["ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f", "f05dbc7d0a533722", 1],
  ["c5f093ba6645b5852614954467a59fb4dd0c6f60ca85c9dd20c6e8537d5dbd77", "2481343c69640fbd0948a562c37ff088902eef9d9b719b57c753894707cb2d48", 7919],
  ["73985e2cf09289bd7102820479796eea16f4d86a95a7d8d9b3b5da8f37a6a339", "8d95270fb80ec3c82b7a4ade8388486dced8f864bd2639120be29e23669995ce", 15838],
  ["c203929c6d1f0a8aa72e02bc542c9a61c523652e1439338d6be0ee209a882b88", "1d38cf0d7a5896caab6484cd852b7e3b3a83388afb387765a2354a1fa0357b5a", 23757],
  ["b99cd682a94dc5837a2253f13c5b92e4b5a9c5be6a1920044cbc9504f32abfd7", "67cbca161c28a11798e0205aab4ab28ad3ecd2f3bb394d04af179944fb44c296", 31676],
  ["087d6448620c96f60a39990773b3f39ce82cb9898e96732c499eba0f28952fe5", "9b64d198603e67bd", 39595],
  ["4c67756fb1e0409ddf764b1ab6872b2b94a75c161fd53afdc5183aaa8674504a", "af19545f11a5ab50b96971f5f7d88e2ef96533485252dc99db6e07402560c7bf", 47514],
  ["1142d3fe8c91de7f8e12a52442ca2f002b348886154752e727fd246b178b31dd", "948439d720b17b7591afb9185a834eaf266ff1b509c097dd6b8b9daec4abba02", 1],
  ["2ef9e3b831cb1f33d1ed2616a79df745e9c21b912a753cf5fe797951e0966b93", "fbd4aa8e1af8ec47d804e541a87711badd3a235ebfa0d91a3336e8b5f2a840d0", 63352],
  ["52afc1d1a019be3fdadfaa2c564fd562fa3ccf1edf97f61fd81d809a68083e81", "9b4bf69147b972d66b67213e301461a2851899c8ef8f0a1c28ee10f21b140e57", 71271],
  ["0b6a8ec6a2b59db8c60fd894b9915f974c5099778dff48507c0cf474bf49fe2e", "25a12d210ca44332", 79190],
  ["497da3b65ea634f3072fdacf63f761ef6e2d62ddc9547dee1e161d8948f14c86", "2efd3121a706643ccbf73c7725cadf8d6d4a3513d59c614518eb978f37451774", 87109],
  ["a31816eb6608336e279f29ddc1b4a16a7fbe22aa0cd8f7f8f0c2e1dd845f4c9f", "903c759ba5533d661aab2e95dc07ab8b613213d0170c5ccb94758958ff5214d7", 95028],
  ["6f77a4c06cdb35e6f8724157d63835c463c9aaa53f2d73708d18c00383c87ecf", "3dce31cd98e0d7a660139de2b9557beca7f96d52dd1f02a00141eb12f65f3893", 2947],
  ["0235b47ddd79a777c7f85f1565d8792ec80cd5e5c70a4823ecf26fc09e86b54a", "0913c93f094dee936d85dda5d01e478928ca4c6dce7fd68bfe94f266455f7617", 1],
  ["059335f2cc6e160b34ab74c53aab57f561d84964998799dfba9b0bbd42cd91a2", "d4b7016bb5008c63", 18785],
  ["facbbcbbaa5f4f26b959ae61841db4c37506048f57fd785b3c7907d1b9a071de", "4a9719f82d0674e9b68ccf087f513ceed12d944b9a42f74f56e49a3e4cc6f5eb", 26704],
  ["37f96adde407fb99628d78d6d96ae10c9738d0d451f07b7aa3a31367ebb340eb", "ebbc47ee217e29af6dd5b33c4bd07ed697e9c067a6db75dc49fa72d51b569de7", 34623],
  ["b2f35d8cff46e8929b1eb50228a8c6eac83b767ff8e15e7dbcf6021d44a8cd79", "cc403854a3f1919f8af636d52bf816e24e3b3d9863192b75e42d9a290aa22960", 42542],
  ["f008cf07697bd76bbd83eeaa9bbefa0d26cc4f788978f61a2f145662eb6d5117", "737e93fd4e783c2b69602d6c2e523af229e8b7376e9f5450cd9b2e7ba6f9f7c7", 50461],
  ["ed0717972ddc45b33aff479bd0b1f0bc9c958e13c3e8960e363b66bbde0e2f05", "361766781c70ce4b", 58380],
  ["039ff2519f43ce7307e61e9b8324d284f953ca8b6bc6d664ffba668620f8b67b", "68cea68c20c00ff3627147f9a473019f61ecb21daf2b879aa3bbbffbd3edb5d2", 1],
  ["a8831178d795f4c8f85e1d1aba5a0946a65eac518cb18c040827dd238ab526c1", "16905fb1c08c717e9060edab9c415db5da20594258189d60ab039cf0de2697f2", 74218],
  ["7acef059231502bf19ab11f3fe690acd21f461b1c5e4de6e593030d8bf437f6a", "85647c3bbd4837d17ce4e8fd605e221dc44dc2a0f11afbc7b7ad8d739b7050f0", 82137],
  ["70f2128b241ceef7cdd72fbcf3cb6f6ffd00ae86f7ffabdbb4097e13a18e5cbe", "0ee72b736692757eeec92929a66724743633b5ed4eacb94d7f87db01ee8dd393", 90056],
  ["12b655e36587f3ed38942f39c8eef6ebc245ae382db13c274183121edd9ced48", "597d10ffaf096987", 97975],
  ["f7ea480a6bce675cb8f999b78896a60c16ad93368853cf043392d41d2e9c99ac", "1387ebfb53eaebb1ce94e4f556023d80b05717cf38b216a558fcfb2dc4d2cb82", 5894],
  ["469442d902ce6361ab67f77d6b40671bab6a77312789cf4b80ed6aba758d5294", "bca909a8cf69d0c85dff037d34ebcdf9754301d5729de1b397c9b6e8cff009a7", 13813],
  ["b6894efe9d44908c9661509d7b8d314a3f3bc053e35dcd414704ad67df3c21cf", "f34e9925eb935861ec575a9d510cb39510c07d6ccc4a616ec317ec65fdae41a4", 1],
  ["6c23c50af5119754b74e4661a3230d0c636e1be82e5d9954357a6a59438d775e", "0150dcfa412ba96f2d651cff465b3a4c01f293bfc6e3f8d281612cf3c8121c97", 29651],
  ["d444ed57ad50fb97a934f2bc97393b2cd147c7b22d3077b379a75f227fbd8a2f", "0c3bf521ce8f465b", 37570],
  ["209823d949346c2abd2861567cf8b8b56e1254bc06f187857c557bfd3bcb8b63", "15b1dfa8a65535f3ec3ee60de62c0b092f24105dc6b5013aa7c56a9eece935ae", 45489],
  ["acde599c84f5438c731237d06febf72b3b86dacb8fde89c28313ee3195d5cdaf", "5db3780e6bcf03c3a07ce26851e3002812182cd840c9e066d794868a7648b96e", 53408],
  ["4de2b9f37ab9f1825ded07967af1bf553e27da8984952ebfc97c10cc27b51398", "d6ccc53e710988e005cb5098e59a1070a35df9222322d761a602dc4b648bda10", 61327],
  ["73ba0be7e25da6d7ca23091bcc6bb4386b72e1bb35e200c8e0ef356c364bd926", "c64f2dbaa0782fa3cf1193000a60344f2b895272e77927fff1186d57ca59edfa", 69246],
  ["fc0042c3aefa6dbf9b70fa6f628ef6dc1983911db84df0006e2d169aab8f9cae", "c6d15f0c1190a781", 1],
  ["992fad1a99c58d3693b230dcbad5ef0227314decd5152e7fb19b05e945f3f153", "21fb49eec1b840d5bbeee4e6c5c196150d8ec23692a12f6de0c48829c4378e33", 85084],
  ["87ff694e0982a24920d1d29d33b45ad6a262e70279aef4482d639a12c3aa478c", "3e963a18bda72f173bec5996c8714924bdb8f855625084bfd6c89ebd1d31d7a4", 93003],
  ["96e1b9b47f48bf88094cba5ef797e75ef8564dfe26f88d155957f7f584f83e20", "82d259daa0b5500a0708a63962dc05ae22e8b7d9539c59db80bd3bb4192a3a48", 922],
  ["ec1db7a19050fd44a2406860f4b2137af2a2df2544ba60c9c31a76bbfeb3fa43", "1d809a4bc3fce6c2812d8219ee1eadcc4d4ba3bfbae67daf9f62c05ca8194716", 8841],
  ["7b935ca53ba7bcf2884163b4380ce2d31be1ddbaf26c54a3b4e9be76259dd9a5", "my lucky seed ✓ ü", 42],
  ["77b7e46b67939383f26017e5bae386e7cf4c9aca2e03811994057028b2172898", "", 0],
  ["your_server_seed", "your_client_seed", 1],
  ["9d99f616110b4f738f112183cae0b156f20f01f497d43693f89c0c48f14c765d", "a:b:c", 9007199254740991],
];

const rounds = INPUTS.map(([serverSeed, clientSeed, nonce]) => ({
  serverSeed,
  clientSeed,
  nonce,
  commitment: referenceCommitment(serverSeed),
  roundSignature: referenceSignature(serverSeed, clientSeed, nonce),
  roulette: { european: referenceRoulette('european', serverSeed, clientSeed, nonce), american: referenceRoulette('american', serverSeed, clientSeed, nonce) },
  keno: referenceKeno(serverSeed, clientSeed, nonce),
}));

const path = new URL('../test/fixtures/reference-vectors.json', import.meta.url);
writeFileSync(path, `${JSON.stringify(rounds, null, 1)}\n`);
console.log(`wrote ${rounds.length} rounds to test/fixtures/reference-vectors.json`);
