/**
 * The worked explanations of re-rotation and re-mirror instances (issue 29.2, the answer
 * review): what the key is (the figure turned by how much, or reflected across which line)
 * and what each kind of wrong option is, found by comparing the options with the figure.
 */
import type { LocalizedText } from "../model.ts";
import { type Cell, flipX, flipY, key, keyUpToRotation, rotate } from "./polyomino.ts";
import type { MirrorSpec, RotationSpec, ShapeOption } from "./types.ts";

const turnWords: Record<number, LocalizedText> = {
  1: { en: "a quarter turn clockwise", "pt-br": "um quarto de volta no sentido horário" },
  2: { en: "a half turn", "pt-br": "meia volta" },
  3: { en: "a quarter turn anticlockwise", "pt-br": "um quarto de volta no sentido anti-horário" },
};

const counted = (n: number, one: LocalizedText, many: LocalizedText): LocalizedText => {
  const words = [
    { en: "No", pt: "Nenhuma" },
    { en: "One", pt: "Uma" },
    { en: "Two", pt: "Duas" },
    { en: "Three", pt: "Três" },
  ][n] ?? { en: String(n), pt: String(n) };
  const rest = n === 1 ? one : many;
  return { en: `${words.en} ${rest.en}`, "pt-br": `${words.pt} ${rest["pt-br"]}` };
};

/** The turn (1-3 quarter turns clockwise) that makes the figure the option; null if none. */
export function turnOf(figure: readonly Cell[], option: readonly Cell[]): number | null {
  return [1, 2, 3].find((t) => key(rotate(figure, t)) === key(option)) ?? null;
}

/** "Two of the other options have a square moved to another place." */
const movedSquares = (n: number) =>
  counted(
    n,
    {
      en: "of the other options has a square moved to another place.",
      "pt-br": "das outras alternativas tem um quadrado mudado de lugar.",
    },
    {
      en: "of the other options have a square moved to another place.",
      "pt-br": "das outras alternativas têm um quadrado mudado de lugar.",
    },
  );

function sentences(parts: LocalizedText[]): LocalizedText {
  return { en: parts.map((p) => p.en).join(" "), "pt-br": parts.map((p) => p["pt-br"]).join(" ") };
}

export function explainRotation(
  spec: RotationSpec,
  answer: ShapeOption,
  distractors: readonly ShapeOption[],
): LocalizedText {
  const turn = turnOf(spec.figure, answer.cells);
  if (turn === null) throw new Error("re-rotation: the key is not a turn of the figure");
  const mirrored = keyUpToRotation(flipX(spec.figure));
  const flipped = distractors.filter((d) => keyUpToRotation(d.cells) === mirrored).length;
  const moved = distractors.length - flipped;
  const parts: LocalizedText[] = [
    {
      en: `The right option is the shape turned ${turnWords[turn]?.en}: every square keeps its place beside the others.`,
      "pt-br": `A alternativa certa é a forma girada ${turnWords[turn]?.["pt-br"]}: cada quadrado mantém seu lugar em relação aos outros.`,
    },
  ];
  if (flipped > 0)
    parts.push(
      counted(
        flipped,
        {
          en: "of the other options is the shape flipped over (its mirror image), which no turn on the page can give.",
          "pt-br":
            "das outras alternativas é a forma virada do avesso (sua imagem espelhada), que nenhum giro no plano produz.",
        },
        {
          en: "of the other options are the shape flipped over (its mirror image), which no turn on the page can give.",
          "pt-br":
            "das outras alternativas são a forma virada do avesso (sua imagem espelhada), que nenhum giro no plano produz.",
        },
      ),
    );
  if (moved > 0) parts.push(movedSquares(moved));
  return sentences(parts);
}

export function explainMirror(
  spec: MirrorSpec,
  answer: ShapeOption,
  distractors: readonly ShapeOption[],
): LocalizedText {
  const reflect = spec.axis === "vertical" ? flipX : flipY;
  if (key(reflect(spec.figure)) !== key(answer.cells))
    throw new Error("re-mirror: the key is not the reflection of the figure");
  const turned = keyUpToRotation(spec.figure);
  const onlyTurned = distractors.filter((d) => keyUpToRotation(d.cells) === turned).length;
  const moved = distractors.length - onlyTurned;
  const across =
    spec.axis === "vertical"
      ? {
          en: "Reflected across the vertical line, the shape swaps left and right: each square keeps its height and lands as far on the other side of the line.",
          "pt-br":
            "Espelhada na linha vertical, a forma troca esquerda e direita: cada quadrado mantém sua altura e vai para a mesma distância do outro lado da linha.",
        }
      : {
          en: "Reflected across the horizontal line, the shape swaps top and bottom: each square keeps its place from left to right and lands as far on the other side of the line.",
          "pt-br":
            "Espelhada na linha horizontal, a forma troca cima e baixo: cada quadrado mantém sua posição da esquerda para a direita e vai para a mesma distância do outro lado da linha.",
        };
  const parts: LocalizedText[] = [
    across,
    {
      en: "The right option is exactly that image.",
      "pt-br": "A alternativa certa é exatamente essa imagem.",
    },
  ];
  if (onlyTurned > 0)
    parts.push(
      counted(
        onlyTurned,
        {
          en: "of the other options is the shape only turned, not reflected.",
          "pt-br": "das outras alternativas é a forma apenas girada, não espelhada.",
        },
        {
          en: "of the other options are the shape only turned, not reflected.",
          "pt-br": "das outras alternativas são a forma apenas girada, não espelhada.",
        },
      ),
    );
  if (moved > 0) parts.push(movedSquares(moved));
  return sentences(parts);
}
