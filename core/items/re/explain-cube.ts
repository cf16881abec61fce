/**
 * The worked explanation of an re-cube instance (issue 29.2, the answer review): which faces
 * the net puts opposite each other (a cube never shows two of them at once), and, for the
 * wrong options, which show two opposite faces and which show the right three faces in the
 * mirrored order around their corner.
 */
import type { LocalizedText } from "../model.ts";
import { type CubeView, type NetFace, opposite } from "./cube.ts";
import { symbolWords } from "./pool-cube.ts";

const faces = (view: CubeView) => [view.top, view.left, view.right];

/** The pairs of a view that are opposite on the cube. */
export function oppositePairs(net: readonly NetFace[], view: CubeView): [string, string][] {
  const [a, b, c] = faces(view) as [CubeView["top"], CubeView["top"], CubeView["top"]];
  const pairs: [CubeView["top"], CubeView["top"]][] = [
    [a, b],
    [a, c],
    [b, c],
  ];
  return pairs.filter(([x, y]) => opposite(net, x) === y);
}

function series(items: string[], and: string): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")}${and}${items.at(-1)}`;
}

export function explainCube(
  net: readonly NetFace[],
  answer: CubeView,
  distractors: readonly CubeView[],
): LocalizedText {
  const seen = new Set<string>();
  const pairs: { en: string; pt: string }[] = [];
  for (const face of net) {
    if (seen.has(face.symbol)) continue;
    const other = opposite(net, face.symbol);
    seen.add(face.symbol);
    seen.add(other);
    pairs.push({
      en: `${symbolWords[face.symbol].en} and ${symbolWords[other].en}`,
      pt: `${symbolWords[face.symbol].pt} e ${symbolWords[other].pt}`,
    });
  }
  const withOpposites = distractors.filter((d) => oppositePairs(net, d).length > 0).length;
  const mirrored = distractors.length - withOpposites;
  const key = faces(answer).map((s) => symbolWords[s]);
  const count = (n: number) =>
    [
      ["no", "nenhuma"],
      ["one", "uma"],
      ["two", "duas"],
      ["three", "três"],
    ][n] ?? [String(n), String(n)];
  const parts = {
    en: [
      `Folded, the net puts these faces opposite each other: ${series(
        pairs.map((p) => p.en),
        "; ",
      )}. A cube never shows two opposite faces at once, and the three faces around a corner keep the order they have in the net.`,
      `The right option shows ${series(
        key.map((k) => k.en),
        " and ",
      )}, in that order around their corner.`,
    ],
    pt: [
      `Montada, a planificação deixa estas faces opostas: ${series(
        pairs.map((p) => p.pt),
        "; ",
      )}. Um cubo nunca mostra duas faces opostas ao mesmo tempo, e as três faces em volta de um canto mantêm a ordem que têm na planificação.`,
      `A alternativa certa mostra ${series(
        key.map((k) => k.pt),
        " e ",
      )}, nessa ordem em volta do canto.`,
    ],
  };
  if (withOpposites > 0) {
    const [en, pt] = count(withOpposites) as [string, string];
    parts.en.push(
      `${en.charAt(0).toUpperCase()}${en.slice(1)} of the other options ${withOpposites === 1 ? "shows" : "show"} two opposite faces side by side.`,
    );
    parts.pt.push(
      `${pt.charAt(0).toUpperCase()}${pt.slice(1)} das outras alternativas ${withOpposites === 1 ? "mostra" : "mostram"} duas faces opostas lado a lado.`,
    );
  }
  if (mirrored > 0) {
    const [en, pt] = count(mirrored) as [string, string];
    parts.en.push(
      `${en.charAt(0).toUpperCase()}${en.slice(1)} ${withOpposites > 0 ? "other" : "of the other options"} ${mirrored === 1 ? "shows" : "show"} three faces that do meet, but in the mirrored order around their corner.`,
    );
    parts.pt.push(
      `${pt.charAt(0).toUpperCase()}${pt.slice(1)} ${withOpposites > 0 ? (mirrored === 1 ? "outra" : "outras") : "das outras alternativas"} ${mirrored === 1 ? "mostra" : "mostram"} três faces que se encontram, mas na ordem espelhada em volta do canto.`,
    );
  }
  return { en: parts.en.join(" "), "pt-br": parts.pt.join(" ") };
}
