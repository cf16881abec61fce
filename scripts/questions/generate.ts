/**
 * npm run questions: writes the item bank. Images go to public/q/<hash>.svg, the public
 * bank (no answers) to core/items/question-bank.generated.ts, the answer key to
 * worker/questions/answer-key.server.ts. Same seed, same bytes.
 * `npm run questions -- census` prints the item pool's census instead (scripts/questions/census.ts).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { bankSeed } from "../../core/items/bank-v2.ts";
import { buildBank, imageFolder } from "./bank.ts";

if (process.argv[2] === "census") {
  // npm run questions -- census [--per N] [--seed S] [--category SM]: the pool's census.
  const { runCensus } = await import("./census.ts");
  process.exit(runCensus(process.argv.slice(3)));
}
if (process.argv[2] === "fingerprints") {
  // npm run questions -- fingerprints: records what each model's instances are today
  // (core/items/pool/fingerprint.ts). Run it when a model is added; a changed fingerprint
  // of an existing model means its stored instances would change: give it a new id instead.
  const { fingerprint } = await import("../../core/items/pool/fingerprint.ts");
  const { poolModels } = await import("../../core/items/pool/models.ts");
  const prints = Object.fromEntries(poolModels.map((model) => [model.id, fingerprint(model)]));
  writeFileSync(
    "core/items/pool/fingerprints.generated.json",
    `${JSON.stringify(prints, null, 2)}\n`,
  );
  console.log(
    `${poolModels.length} model fingerprints written to core/items/pool/fingerprints.generated.json`,
  );
  process.exit(0);
}

const bank = await buildBank(bankSeed);
const { publicBankModule, answerKeyModule } = await import("./modules.ts");

const folder = `public/${imageFolder}`;
mkdirSync(folder, { recursive: true });
for (const file of readdirSync(folder)) rmSync(`${folder}/${file}`);
for (const [name, svg] of bank.images) writeFileSync(`${folder}/${name}`, svg);
writeFileSync("core/items/question-bank.generated.ts", publicBankModule(bank));
mkdirSync("worker/questions", { recursive: true });
writeFileSync("worker/questions/answer-key.server.ts", answerKeyModule(bank));

const bytes = [...bank.images.values()].reduce((sum, svg) => sum + Buffer.byteLength(svg), 0);
console.log(
  `${bank.questions.length} items, ${bank.images.size} images (${(bytes / 1024).toFixed(1)} KB), version ${bank.version}`,
);
process.exit(0);
