// Compiles messages/*.json into app/paraglide (typecheck and tests need it without Vite).
import { compile } from "@inlang/paraglide-js";

const { paraglideOptions } = await import("./paraglide-options.ts");
await compile(paraglideOptions);
// compile() leaves a handle open (see STACK.md): exit explicitly.
process.exit(0);
