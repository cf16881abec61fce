import { useEffect, useRef } from "react";
import type { Letter } from "../../core/items/questions";

const keyLetters: Record<string, Letter> = {
  a: "A",
  b: "B",
  c: "C",
  d: "D",
  "1": "A",
  "2": "B",
  "3": "C",
  "4": "D",
};

interface KeyboardOptions {
  /** No key does anything (the attempt is over, or a dialog is open). */
  paused: boolean;
  /** Chooses an option of the question shown. */
  choose(letter: Letter): void;
  /** Moves to the next (1) or previous (-1) question. */
  move(step: 1 | -1): void;
}

/**
 * The attempt's keys: A-D / 1-4 choose; arrows move between questions (inside the option
 * group the arrows keep their native job of moving the choice). Keys typed into a field
 * or a dialog, and shortcuts with Alt, Ctrl or Meta, are left alone.
 */
export function useAttemptKeyboard(options: KeyboardOptions): void {
  // The listener is added once and always calls the latest options.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event, latest.current);
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, []);
}

function onKey(event: KeyboardEvent, { paused, choose, move }: KeyboardOptions): void {
  if (event.altKey || event.ctrlKey || event.metaKey || paused) return;
  const target = event.target as HTMLElement | null;
  if (
    target?.closest("dialog") ||
    target?.matches("input[type=text], input[type=email], textarea")
  ) {
    return;
  }
  const letter = keyLetters[event.key.toLowerCase()];
  if (letter) {
    event.preventDefault();
    choose(letter);
    return;
  }
  if (target?.matches("input[type=radio]")) return;
  if (event.key === "ArrowRight") {
    event.preventDefault();
    move(1);
  } else if (event.key === "ArrowLeft") {
    event.preventDefault();
    move(-1);
  }
}
