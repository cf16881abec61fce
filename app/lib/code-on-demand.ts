/**
 * Code that the browser downloads apart from the page, when it is needed (ADR 0015,
 * docs/decisions/0028-first-load.md). `load()` downloads it (again, after a failure);
 * `loaded()` is what it exports once here, so a render that has it does not suspend.
 * When the server rendered it (`shownBy` finds it on the page), the client entry calls
 * `preload()` before hydrating, so hydration renders it at once: a lazy boundary still
 * waiting for its code when the page updates (a toast, the consent banner) is thrown away
 * and rendered again, and the profile-completion step flickered so (two copies, in CI).
 */
export interface CodeOnDemand<Export> {
  load(): Promise<Export>;
  loaded(): Export | null;
  preload(document: Document): Promise<void>;
}

export function codeOnDemand<Module, Export>({
  name,
  download,
  pick,
  shownBy,
}: {
  /** What it is, for the error of a failed download. */
  name: string;
  download(): Promise<Module | undefined>;
  pick(module: Module): Export;
  /** A selector of what the server renders with it, if it does. */
  shownBy?: string;
}): CodeOnDemand<Export> {
  let loaded: Export | null = null;
  const load = () =>
    download().then((module) => {
      // A failed download resolves to nothing when the build watcher has taken it (ADR 0015).
      if (!module) throw new Error(`${name} failed to load`);
      loaded = pick(module);
      return loaded;
    });
  return {
    load,
    loaded: () => loaded,
    async preload(document) {
      if (!shownBy || !document.querySelector(shownBy)) return;
      try {
        await load();
      } catch {
        // Left to the lazy boundary, which reports a failed download like any other.
      }
    },
  };
}
