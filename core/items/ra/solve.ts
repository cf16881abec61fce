import type { CategorySolver } from "../model.ts";

/**
 * RA solver, written apart from the generator: it reads the stated row-wise rule of each
 * attribute from the spec, checks that the first two rows follow it (else it refuses the
 * item), then checks the third row completed with the option.
 */

type Attribute = "type" | "size" | "fill" | "number";
const checked: Attribute[] = ["type", "size", "fill", "number"];

/** Shape types by number of sides; the circle comes last. */
const typeOrder = ["triangle", "square", "pentagon", "hexagon", "circle"];
const limits: Record<Attribute, [number, number]> = {
  type: [0, 4],
  size: [0, 2],
  fill: [0, 3],
  number: [1, 4],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The attribute's value as an integer level, or null when it is not a valid value. */
function level(attribute: Attribute, value: unknown): number | null {
  const [low, high] = limits[attribute];
  const index = attribute === "type" ? typeOrder.indexOf(String(value)) : value;
  if (typeof index !== "number" || !Number.isInteger(index) || index < low || index > high)
    return null;
  return index;
}

/** Whether one row of three levels follows the rule. */
function rowHolds(attribute: Attribute, rule: unknown, row: number[]): boolean {
  if (!isRecord(rule)) return false;
  const [x, y, z] = row as [number, number, number];
  switch (rule.kind) {
    case "constant":
      return x === y && y === z;
    case "progression": {
      const step = rule.step;
      if (typeof step !== "number" || !Number.isInteger(step) || step === 0) return false;
      return y - x === step && z - y === step;
    }
    case "distribute-three": {
      if (!Array.isArray(rule.values) || rule.values.length !== 3) return false;
      const values = rule.values.map((v) => level(attribute, v));
      if (values.some((v) => v === null) || new Set(values).size !== 3) return false;
      return new Set(row).size === 3 && row.every((v) => values.includes(v));
    }
    case "arithmetic":
      if (rule.op === "add") return z === x + y;
      if (rule.op === "sub") return z === x - y;
      return false;
    default:
      return false;
  }
}

export const solver: CategorySolver = {
  category: "RA",
  satisfies(item, option) {
    if (item.family !== "matrix" || !isRecord(item.spec) || !isRecord(option)) return false;
    const { rules, cells } = item.spec;
    if (!isRecord(rules) || !Array.isArray(cells) || cells.length !== 8) return false;
    const grid = [...cells, option];
    for (const attribute of checked) {
      const levels = grid.map((cell) =>
        isRecord(cell) ? level(attribute, cell[attribute]) : null,
      );
      if (levels.some((v) => v === null)) return false;
      const values = levels as number[];
      for (const start of [0, 3, 6])
        if (!rowHolds(attribute, rules[attribute], values.slice(start, start + 3))) return false;
    }
    return true;
  },
};
