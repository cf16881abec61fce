/**
 * The home page's lists (spec section 3): the famous entries (22, scores 132 to 180) and the
 * testimonials (15, ratings 4 or 5). Texts live in the message files under the ids here.
 * Famous scores are commonly cited estimates or claims, not test results (PSYCHOMETRICS.md):
 * the page labels each one "estimated". The testimonials are illustrative samples, and the
 * page says so.
 */
export type FamousEntry = { id: string; score: number };
export type Testimonial = { id: number; score: 4 | 5; name: string };

export const famousEntries: readonly FamousEntry[] = [
  { id: "leonardo", score: 180 },
  { id: "curie", score: 180 },
  { id: "michelangelo", score: 177 },
  { id: "kant", score: 175 },
  { id: "polgar", score: 170 },
  { id: "darwin", score: 165 },
  { id: "mozart", score: 165 },
  { id: "beethoven", score: 165 },
  { id: "einstein", score: 160 },
  { id: "hawking", score: 160 },
  { id: "gates", score: 160 },
  { id: "franklin", score: 160 },
  { id: "rembrandt", score: 155 },
  { id: "musk", score: 155 },
  { id: "stone", score: 154 },
  { id: "zuckerberg", score: 152 },
  { id: "napoleon", score: 145 },
  { id: "edison", score: 145 },
  { id: "shakira", score: 140 },
  { id: "portman", score: 140 },
  { id: "schwarzenegger", score: 135 },
  { id: "foster", score: 132 },
];

export const testimonials: readonly Testimonial[] = [
  { id: 1, score: 5, name: "Mariana Costa" },
  { id: 2, score: 5, name: "Juliana Ferreira" },
  { id: 3, score: 5, name: "Rafael Oliveira" },
  { id: 4, score: 4, name: "Lucas Almeida" },
  { id: 5, score: 5, name: "Daniel Becker" },
  { id: 6, score: 5, name: "Patrícia Souza" },
  { id: 7, score: 5, name: "Thiago Ribeiro" },
  { id: 8, score: 4, name: "Camila Rocha" },
  { id: 9, score: 5, name: "Ana Lima" },
  { id: 10, score: 5, name: "Bruno Carvalho" },
  { id: 11, score: 4, name: "Fernanda Gomes" },
  { id: 12, score: 5, name: "Sofia Martins" },
  { id: 13, score: 4, name: "Gabriel Santos" },
  { id: 14, score: 5, name: "Emily Carter" },
  { id: 15, score: 5, name: "Pedro Nascimento" },
];
