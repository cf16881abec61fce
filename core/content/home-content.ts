import type { Text } from "../locales/message-text";
import * as m from "../paraglide/messages";

/**
 * The home page's lists (spec section 3): the famous entries (22, scores 132 to 180) and the
 * testimonials (15, ratings 4 or 5), with their texts from the message files.
 * Famous scores are commonly cited estimates or claims, not test results (PSYCHOMETRICS.md):
 * the page labels each one "estimated". The testimonials are illustrative samples, and the
 * page says so.
 */
export type FamousEntry = { id: string; score: number; name: Text; role: Text };
export type Testimonial = { id: number; score: 4 | 5; name: string; text: Text };

export const famousEntries: readonly FamousEntry[] = [
  {
    id: "leonardo",
    score: 180,
    name: m.home_famous_leonardo_name,
    role: m.home_famous_leonardo_role,
  },
  { id: "curie", score: 180, name: m.home_famous_curie_name, role: m.home_famous_curie_role },
  {
    id: "michelangelo",
    score: 177,
    name: m.home_famous_michelangelo_name,
    role: m.home_famous_michelangelo_role,
  },
  { id: "kant", score: 175, name: m.home_famous_kant_name, role: m.home_famous_kant_role },
  { id: "polgar", score: 170, name: m.home_famous_polgar_name, role: m.home_famous_polgar_role },
  { id: "darwin", score: 165, name: m.home_famous_darwin_name, role: m.home_famous_darwin_role },
  { id: "mozart", score: 165, name: m.home_famous_mozart_name, role: m.home_famous_mozart_role },
  {
    id: "beethoven",
    score: 165,
    name: m.home_famous_beethoven_name,
    role: m.home_famous_beethoven_role,
  },
  {
    id: "einstein",
    score: 160,
    name: m.home_famous_einstein_name,
    role: m.home_famous_einstein_role,
  },
  { id: "hawking", score: 160, name: m.home_famous_hawking_name, role: m.home_famous_hawking_role },
  { id: "gates", score: 160, name: m.home_famous_gates_name, role: m.home_famous_gates_role },
  {
    id: "franklin",
    score: 160,
    name: m.home_famous_franklin_name,
    role: m.home_famous_franklin_role,
  },
  {
    id: "rembrandt",
    score: 155,
    name: m.home_famous_rembrandt_name,
    role: m.home_famous_rembrandt_role,
  },
  { id: "musk", score: 155, name: m.home_famous_musk_name, role: m.home_famous_musk_role },
  { id: "stone", score: 154, name: m.home_famous_stone_name, role: m.home_famous_stone_role },
  {
    id: "zuckerberg",
    score: 152,
    name: m.home_famous_zuckerberg_name,
    role: m.home_famous_zuckerberg_role,
  },
  {
    id: "napoleon",
    score: 145,
    name: m.home_famous_napoleon_name,
    role: m.home_famous_napoleon_role,
  },
  { id: "edison", score: 145, name: m.home_famous_edison_name, role: m.home_famous_edison_role },
  { id: "shakira", score: 140, name: m.home_famous_shakira_name, role: m.home_famous_shakira_role },
  { id: "portman", score: 140, name: m.home_famous_portman_name, role: m.home_famous_portman_role },
  {
    id: "schwarzenegger",
    score: 135,
    name: m.home_famous_schwarzenegger_name,
    role: m.home_famous_schwarzenegger_role,
  },
  { id: "foster", score: 132, name: m.home_famous_foster_name, role: m.home_famous_foster_role },
];

export const testimonials: readonly Testimonial[] = [
  { id: 1, score: 5, name: "Mariana Costa", text: m.home_testimonial_1 },
  { id: 2, score: 5, name: "Juliana Ferreira", text: m.home_testimonial_2 },
  { id: 3, score: 5, name: "Rafael Oliveira", text: m.home_testimonial_3 },
  { id: 4, score: 4, name: "Lucas Almeida", text: m.home_testimonial_4 },
  { id: 5, score: 5, name: "Daniel Becker", text: m.home_testimonial_5 },
  { id: 6, score: 5, name: "Patrícia Souza", text: m.home_testimonial_6 },
  { id: 7, score: 5, name: "Thiago Ribeiro", text: m.home_testimonial_7 },
  { id: 8, score: 4, name: "Camila Rocha", text: m.home_testimonial_8 },
  { id: 9, score: 5, name: "Ana Lima", text: m.home_testimonial_9 },
  { id: 10, score: 5, name: "Bruno Carvalho", text: m.home_testimonial_10 },
  { id: 11, score: 4, name: "Fernanda Gomes", text: m.home_testimonial_11 },
  { id: 12, score: 5, name: "Sofia Martins", text: m.home_testimonial_12 },
  { id: 13, score: 4, name: "Gabriel Santos", text: m.home_testimonial_13 },
  { id: 14, score: 5, name: "Emily Carter", text: m.home_testimonial_14 },
  { id: 15, score: 5, name: "Pedro Nascimento", text: m.home_testimonial_15 },
];
