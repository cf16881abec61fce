import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import type { CodeOnDemand } from "../lib/code-on-demand";

/** One lazy component per piece of code, made when first needed. */
const lazyComponents = new WeakMap<object, unknown>();

function lazyComponent<Props>(
  code: CodeOnDemand<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  const known = lazyComponents.get(code) as LazyExoticComponent<ComponentType<Props>> | undefined;
  if (known) return known;
  const component = lazy(() => code.load().then((loaded) => ({ default: loaded })));
  lazyComponents.set(code, component);
  return component;
}

/**
 * A component downloaded on demand (lib/code-on-demand.ts). Once its code is here (always
 * on the server, which loads it first; and while hydrating a page that shows it, whose
 * entry loaded it first) it renders at once, with no Suspense boundary: React's server
 * would otherwise send a large boundary's content after the page, to be revealed later,
 * and hydration could meet it half-streamed and render it twice. Else it downloads, with
 * `fallback` meanwhile; a failed download reaches the route's error boundary.
 */
export function OnDemand<Props extends object>({
  code,
  fallback,
  props,
}: {
  code: CodeOnDemand<ComponentType<Props>>;
  fallback: React.ReactNode;
  props: Props;
}) {
  const Loaded = code.loaded();
  if (Loaded) return <Loaded {...props} />;
  const Lazy = lazyComponent(code);
  return (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
}
