// The baseline for `npm run bench`: the casino's own published verifier programs (docs/design.md,
// Keno and Roulette), followed literally, run over a whole file of rounds. Like the seeds it uses
// js-sha3, squeezes a fixed 4·n bytes of SHAKE256 up front with shake256.create(8 * numOfBytes)
// (n = 2 numbers for Roulette, 80 for Keno), and reads its input the simple way: the whole file
// with JSON.parse. For every round it recomputes the commitment and the outcome and counts the
// rounds where both match what the file shows.
//
//   node scripts/bench/reference-baseline.cjs FILE   →   {"rounds": n, "matches": m}
//
// The bench also requires this module to generate its honest rounds, so the files are made by the
// casino's procedure, not by the code under test.
'use strict';
const fs = require('fs');
const { sha3_256, shake256 } = require('js-sha3');

const Version = Object.freeze({ AMERICAN: 'american', EUROPEAN: 'european' }); // Here the possible versions are listed

// Step 1: the commitment, as generateServerSeed() computes it.
function commitmentOf(serverSeed) {
  const commitment = sha3_256(serverSeed);
  return commitment;
}

// Step 2: Create a Round Signature with SHA3 using a Server Seed, Client Seed and Nonce
function createRoundSignature(serverSeed, clientSeed, nonce) {
  return sha3_256(`${serverSeed}:${clientSeed}:${nonce}`);
}

// Step 3: Create a SHAKE256 stream generator from a Round Signature.
// To simplify this example program, this function doesn't create a stream, but instead a sequence of custom length.
// (The Roulette program's version, which throws when the numbers run out; the Keno program's is the same without the throw.)
function* createRandomNumberSequence(numbersToGenerate, roundSignature) {
  const numOfBytes = 4 * numbersToGenerate; // 4 bytes (32 bits) per random number we generate
  const byteStream = shake256.create(8 * numOfBytes); // shake takes bits as input
  byteStream.update(roundSignature); // Use the Round Signature to seed the generator
  const buf = Buffer.from(byteStream.digest()); // The Buffer class lets us package every 4 bytes into one 32-bit integer
  for (let i = 0; i < numbersToGenerate; i++) {
    yield buf.readUInt32BE(i * 4); // Read buf in 4-byte steps
  }
  throw new Error("No more numbers in the random number sequence! Fix: make 'numbersToGenerate' larger.");
}

// Step 4 (Roulette): Draw from the random number sequence to calculate the game result
function getGameResult(rouletteVersion, rng) {
  let numOfOutcomes = 0;
  if (rouletteVersion === Version.EUROPEAN) {
    numOfOutcomes = 37;
  } else if (rouletteVersion === Version.AMERICAN) {
    numOfOutcomes = 38;
  }

  let result = String(sample(numOfOutcomes, rng));

  // Convert the result '37' to '00'
  if (result === '37') {
    result = '00';
  }
  return result;
}

// Step 4 (Keno): Pick a number of unique positions
function pickUniquePositions(numOfPicks, totalPositions, rng) {
  const available = Array.from({ length: totalPositions }, (_, i) => i);
  const picks = [];

  for (let i = 0; i < numOfPicks; ++i) {
    const index = sample(available.length, rng);

    picks.push(available[index]);
    available.splice(index, 1); // Remove chosen pump from list of non-faulty pumps
  }
  return picks;
}

// Sample a number from P number of outcomes using Rejection Sampling
function sample(P, rng) {
  const maxAcceptable = Math.floor(0x100000000 / P) * P;

  // Rejection sampling
  let rand;
  do {
    rand = rng.next().value;
  } while (rand >= maxAcceptable);

  // Modulo operation
  const sampled_number = rand % P;

  return sampled_number;
}

/** The Keno program's main(), for one round: 10 hits of 40, +1, ascending. */
function kenoHits(roundSignature) {
  const numOfHits = 10;
  const totalPositions = 40;
  const numbersToGenerate = totalPositions * 2; // We need at least one random number per position, but there is an improbable possibility  we'll need two
  const rng = createRandomNumberSequence(numbersToGenerate, roundSignature);

  let hits = pickUniquePositions(numOfHits, totalPositions, rng);
  hits = hits.map((value) => value + 1);
  hits.sort((a, b) => a - b);
  return hits;
}

/** The Roulette program's main(), for one round. */
function rouletteValue(rouletteVersion, roundSignature) {
  const numbersToGenerate = 1 * 2; // We need 1 random number, but there is an improbable case we'll need two
  const rng = createRandomNumberSequence(numbersToGenerate, roundSignature);
  return getGameResult(rouletteVersion, rng);
}

/** Recomputes every round of `file`: the commitment and the outcome must both match. */
function verifyFile(file) {
  return verifyRounds(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** The same for rounds already parsed (the bench's in-process comparison). */
function verifyRounds(rounds) {
  let matches = 0;
  for (const round of rounds) {
    const commitment = commitmentOf(round.serverSeed);
    const roundSignature = createRoundSignature(round.serverSeed, round.clientSeed, round.nonce);
    let same;
    if (round.game === 'keno') {
      // The file shows keno ascending, as the program prints it.
      same = kenoHits(roundSignature).join(',') === round.result.join(',');
    } else {
      const version = round.game === 'roulette-american' ? Version.AMERICAN : Version.EUROPEAN;
      same = rouletteValue(version, roundSignature) === round.result;
    }
    if (same && commitment === round.commitment) matches++;
  }
  return { rounds: rounds.length, matches };
}

module.exports = { Version, commitmentOf, createRoundSignature, kenoHits, rouletteValue, verifyFile, verifyRounds };

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: node reference-baseline.cjs FILE\n');
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(verifyFile(file))}\n`);
}
