interface RootData {
  baseUrl: string;
  isDevelopment: boolean;
}

/** The root loader's data, as seen from a child route's `meta`. */
export function rootData(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
): RootData {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.loaderData as RootData | undefined;
  return data ?? { baseUrl: "", isDevelopment: false };
}
