import { describe, expect, it } from "vitest";
import { translate } from "../locales/translate";
import {
  changePasswordSchema,
  fieldErrors,
  forgotPasswordSchema,
  isSafeReturnUrl,
  isUnderMinimumAge,
  profileSchema,
  signInSchema,
  signUpSchema,
} from "./account-rules";
import { ageOn } from "./age";
import { validationText, validationTexts } from "./validation-text";

const today = new Date("2026-11-22T12:00:00Z");
const good = {
  name: "Maria da Silva",
  email: "maria@example.com",
  dateOfBirth: "1990-05-17",
  password: "Segura#2026",
  passwordConfirmation: "Segura#2026",
};

function errorsOf(input: Record<string, unknown>) {
  const result = signUpSchema(today).safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe("sign-up rules (spec section 5), with their messages in both languages", () => {
  it("accepts a complete, valid form", () => {
    expect(signUpSchema(today).safeParse(good).success).toBe(true);
  });

  it.each<[field: string, value: string, en: string, pt: string]>([
    ["name", "", "Name is required!", "Nome é obrigatório!"],
    ["name", "   ", "Name is required!", "Nome é obrigatório!"],
    ["name", "Al", "Name must contain at least 3 letters!", "O nome deve ter pelo menos 3 letras!"],
    [
      "name",
      "A".repeat(76),
      "Name must contain at most 75 letters!",
      "O nome deve ter no máximo 75 letras!",
    ],
    // 3 characters but 2 letters: the minimum counts letters (spec section 5).
    [
      "name",
      "A B",
      "Name must contain at least 3 letters!",
      "O nome deve ter pelo menos 3 letras!",
    ],
    [
      "name",
      "A. B",
      "Name must contain at least 3 letters!",
      "O nome deve ter pelo menos 3 letras!",
    ],
    [
      "name",
      "Jo -",
      "Name must contain at least 3 letters!",
      "O nome deve ter pelo menos 3 letras!",
    ],
    ["name", "<b>Ana</b>", "Name must contain only letters.", "O nome deve conter apenas letras."],
    ["email", "", "Email is required!", "Email é obrigatório!"],
    ["email", "maria@", "Invalid email!", "Email inválido!"],
    ["dateOfBirth", "", "Birth date is required!", "Data de nascimento é obrigatória!"],
    ["dateOfBirth", "1990-02-30", "Invalid birth date!", "Data de nascimento inválida!"],
    ["dateOfBirth", "17/05/1990", "Invalid birth date!", "Data de nascimento inválida!"],
    ["dateOfBirth", "2030-01-01", "Invalid birth date!", "Data de nascimento inválida!"],
    [
      "dateOfBirth",
      "2010-11-23",
      "You must be at least 16 years old to sign up.",
      "Você precisa ter pelo menos 16 anos para se cadastrar.",
    ],
    ["password", "", "Password is required!", "Senha é obrigatória!"],
    [
      "password",
      "Ab#1",
      "Password must contain at least 8 characters.",
      "A senha deve ter pelo menos 8 caracteres.",
    ],
    [
      "password",
      `Ab#1${"x".repeat(125)}`,
      "Password must contain at most 128 characters.",
      "A senha deve ter no máximo 128 caracteres.",
    ],
    [
      "password",
      "semmaiuscula#1",
      "Password must contain an uppercase letter, a lowercase letter, a number and a special character.",
      "A senha deve ter uma letra maiúscula, uma letra minúscula, um número e um caractere especial.",
    ],
    [
      "password",
      "SemNumero#",
      "Password must contain an uppercase letter, a lowercase letter, a number and a special character.",
      "A senha deve ter uma letra maiúscula, uma letra minúscula, um número e um caractere especial.",
    ],
    [
      "password",
      "SemEspecial1",
      "Password must contain an uppercase letter, a lowercase letter, a number and a special character.",
      "A senha deve ter uma letra maiúscula, uma letra minúscula, um número e um caractere especial.",
    ],
    [
      "passwordConfirmation",
      "",
      "Password confirmation is required!",
      "Confirmação de senha é obrigatória!",
    ],
    [
      "passwordConfirmation",
      "Ab#1",
      "Password must contain at least 8 characters.",
      "A senha deve ter pelo menos 8 caracteres.",
    ],
    [
      "passwordConfirmation",
      `Ab#1${"x".repeat(125)}`,
      "Password must contain at most 128 characters.",
      "A senha deve ter no máximo 128 caracteres.",
    ],
    ...["semmaiuscula#1", "SEMMINUSCULA#1", "SemNumero#", "SemEspecial1"].map(
      (value) =>
        [
          "passwordConfirmation",
          value,
          "Password must contain an uppercase letter, a lowercase letter, a number and a special character.",
          "A senha deve ter uma letra maiúscula, uma letra minúscula, um número e um caractere especial.",
        ] as [string, string, string, string],
    ),
    [
      "passwordConfirmation",
      "Outra#2026",
      "Password and Password Confirmation must be the same!",
      "Senha e Confirmação de Senha devem ser iguais!",
    ],
  ])("%s = %j -> %s", (field, value, en, pt) => {
    const errors = errorsOf({ ...good, [field]: value });
    const keys = errors[field] ?? [];
    expect(keys.map((k) => validationText(k, "en"))).toContain(en);
    expect(keys.map((k) => validationText(k, "pt-br"))).toContain(pt);
  });

  it.each([
    "Ana",
    "A B C",
    "Zoë",
    "Jose\u0301 Li", // a combining accent is not a letter of its own, and not refused
    "李小龍",
    "A".repeat(75),
    ` ${"B".repeat(75)} `,
    "Ana ".repeat(19), // 75 characters once trimmed
  ])("accepts the name %j (3 to 75 letters)", (name) => {
    expect(errorsOf({ ...good, name })).toEqual({});
  });

  it("accepts accented names and a person turning 16 today", () => {
    expect(errorsOf({ ...good, name: "João D'Ávila-Conceição" })).toEqual({});
    expect(errorsOf({ ...good, dateOfBirth: "2010-11-22" })).toEqual({});
    expect(ageOn("2010-11-22", today)).toBe(16);
    expect(ageOn("2010-11-23", today)).toBe(15);
  });

  it("reports a missing field (not sent at all) as required", () => {
    const { name: _, ...rest } = good;
    expect(errorsOf(rest).name).toEqual(["validation_name_required"]);
  });
});

describe("profile rules (ADR 0022): the sign-up's name and date of birth", () => {
  const errors = (input: unknown, options?: { ageRule?: boolean }) => {
    const result = profileSchema(today, options).safeParse(input);
    return result.success ? {} : fieldErrors(result.error);
  };

  it("accepts a name and date of birth, trimmed", () => {
    expect(profileSchema(today).parse({ name: " Ana Lima ", dateOfBirth: "1990-05-17" })).toEqual({
      name: "Ana Lima",
      dateOfBirth: "1990-05-17",
    });
  });

  it("refuses what sign-up refuses, with its message keys", () => {
    expect(errors({})).toEqual({
      name: ["validation_name_required"],
      dateOfBirth: ["validation_birth_date_required"],
    });
    expect(errors({ name: "Al", dateOfBirth: "2026-02-30" })).toEqual({
      name: ["validation_name_min"],
      dateOfBirth: ["validation_birth_date_invalid"],
    });
    expect(errors({ name: "Ana Lima", dateOfBirth: "2011-01-01" })).toEqual({
      dateOfBirth: ["validation_birth_date_too_young"],
    });
  });

  it("leaves the 16+ rule to the server when asked to (it may remove the account)", () => {
    expect(errors({ name: "Ana Lima", dateOfBirth: "2011-01-01" }, { ageRule: false })).toEqual({});
    expect(errors({ name: "Ana Lima", dateOfBirth: "2027-01-01" }, { ageRule: false })).toEqual({
      dateOfBirth: ["validation_birth_date_invalid"],
    });
  });

  it.each([
    ["2010-11-23", true],
    ["2010-11-22", false],
    ["1990-05-17", false],
    ["not a date", false],
    ["2027-01-01", false],
  ])("isUnderMinimumAge(%s) on 2026-11-22 is %s", (dateOfBirth, under) => {
    expect(isUnderMinimumAge(dateOfBirth, today)).toBe(under);
  });
});

describe("sign-in rules and the server's answers, in both languages", () => {
  function signInErrors(input: Record<string, unknown>) {
    const result = signInSchema.safeParse(input);
    return result.success ? {} : fieldErrors(result.error);
  }

  it.each([
    ["email", { email: "", password: "x" }, "Email is required!", "Email é obrigatório!"],
    ["email", { email: "   ", password: "x" }, "Email is required!", "Email é obrigatório!"],
    ["email", { password: "x" }, "Email is required!", "Email é obrigatório!"],
    [
      "password",
      { email: "a@b.co", password: "" },
      "Password is required!",
      "Senha é obrigatória!",
    ],
    ["password", { email: "a@b.co" }, "Password is required!", "Senha é obrigatória!"],
  ])("sign-in %s of %j -> %s", (field, input, en, pt) => {
    const keys = signInErrors(input)[field] ?? [];
    expect(keys.map((k) => validationText(k, "en"))).toEqual([en]);
    expect(keys.map((k) => validationText(k, "pt-br"))).toEqual([pt]);
  });

  it.each([
    // 409 on sign-up for a taken address (worker/api/accounts/sign-in.ts).
    ["validation_email_taken", "Email can not be used!", "Este email não pode ser usado!"],
    // 401 on sign-in, whatever failed.
    ["auth_invalid_credentials", "Email or password is invalid.", "Email ou senha inválidos."],
    [
      "auth_too_many_attempts",
      "Too many attempts. Please wait 15 minutes and try again.",
      "Muitas tentativas. Aguarde 15 minutos e tente novamente.",
    ],
  ])("the API's %s reads %j / %j", (key, en, pt) => {
    expect(translate(key, "en")).toBe(en);
    expect(translate(key, "pt-br")).toBe(pt);
  });
});

describe("sign-in, forgot and change-password rules", () => {
  it("requires each sign-in field and defaults rememberMe to false", () => {
    const result = signInSchema.safeParse({ email: "", password: "" });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      email: ["validation_email_required"],
      password: ["validation_password_required"],
    });
    expect(signInSchema.parse({ email: "a@b.co", password: "x" }).rememberMe).toBe(false);
  });

  it("refuses a rememberMe that is not a boolean with its own message", () => {
    const result = signInSchema.safeParse({ email: "a@b.co", password: "x", rememberMe: "yes" });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      rememberMe: ["validation_remember_me_invalid"],
    });
  });

  it("checks the forgot-password e-mail", () => {
    expect(forgotPasswordSchema.safeParse({ email: "nope" }).success).toBe(false);
    expect(forgotPasswordSchema.safeParse({ email: "a@b.co" }).success).toBe(true);
  });

  it("checks the new password and its confirmation", () => {
    const result = changePasswordSchema.safeParse({
      token: "Zx9_kP2-qR7sT4uV8wY1",
      password: "Nova#Senha1",
      passwordConfirmation: "Nova#Senha2",
    });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({
      passwordConfirmation: ["validation_password_confirmation_mismatch"],
    });
  });
});

describe("SECURITY 16: return URLs, one-slash relative paths only", () => {
  it.each(["/", "/pt-br", "/result/3f2b8c1e-9a4d-4c7b-8e2f-1a2b3c4d5e6f?x=1#top", "/tests"])(
    "accepts %s",
    (url) => {
      expect(isSafeReturnUrl(url)).toBe(true);
    },
  );

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%252F%252Fevil.example",
    "/\t/evil.example",
    "",
    "/a%",
  ])("refuses %j", (url) => {
    expect(isSafeReturnUrl(url)).toBe(false);
  });
});

describe("message keys", () => {
  it("an unknown key reads as a generic text, never as the key itself", () => {
    expect(validationText("validation_no_such_rule", "en")).toBe("This value is not valid.");
    expect(validationText("validation_no_such_rule", "pt-br")).toBe("Este valor não é válido.");
  });

  it("every key the rules can report has a text in both languages", async () => {
    const { readFileSync } = await import("node:fs");
    const source = readFileSync(new URL("./account-rules.ts", import.meta.url), "utf8");
    const keys = [...new Set(source.match(/"validation_[a-z_]+"/g) ?? [])].map((k) =>
      k.slice(1, -1),
    );
    expect(keys.length).toBeGreaterThan(10);
    for (const key of keys) {
      // The browser's forms show these through validationTexts: each must be there.
      expect(Object.hasOwn(validationTexts, key), key).toBe(true);
      expect(validationText(key, "pt-br")).not.toBe(validationText(key, "en"));
      expect(validationText(key, "en")).toBe(translate(key, "en"));
    }
  });
});
