/** Number words for the alt texts, up to eight: the largest figure has eight squares. */
export const numbersEn = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight"];
export const numbersPt = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito"];
