import type { Locale } from "../../../core/locales/locales";
import { englishRefusals } from "./refusals";
import type { LocalDeclineCode } from "./stripe-objects";

/**
 * The local payment page's words in both languages. Development only, so they live here
 * beside the page rather than in the product's message files (messages/*.json), which
 * hold what a buyer of the product reads.
 */
const en = {
  title: "Test payment",
  banner: "Test payment provider — no real money moves",
  bannerNote:
    "This page stands in for Stripe's hosted checkout in development. Each button sends the shop the signed events Stripe would send.",
  amountLabel: "Amount",
  orderLabel: "Order",
  cardHeading: "Card",
  payCard: "Pay by card (approved)",
  declineReasonLabel: "Decline reason",
  payDecline: "Decline the card",
  transferHeading: "Pix or boleto",
  transferHint: "Issues the code and leaves the payment pending until you pay it on this page.",
  payPix: "Pay with Pix",
  payBoleto: "Pay with boleto",
  leaveHeading: "Leave the checkout",
  cancel: "Cancel and go back to the shop",
  expire: "Let the checkout expire",
  declinedTitle: "The card was declined",
  declinedReason: ({ reason }: { reason: string }) => `Reason: ${reason}`,
  declinedTryAgain: "Try again with another option below, or give up and return to the shop.",
  backToShop: "Return to the shop",
  pastExpiry: "This checkout's time is over. Let it expire so the shop is told.",
  expiredTitle: "This checkout has expired",
  awaitingTransferTitle: ({ method }: { method: string }) => `Waiting for the ${method} payment`,
  awaitingTransferText:
    "The shop has been told the payment is pending. Pay it now or let it expire.",
  transferSettle: ({ method }: { method: string }) => `Pay the ${method} now`,
  transferExpire: ({ method }: { method: string }) => `Let the ${method} expire`,
  pixCode: "The Pix code the shop shows (what a bank app would read):",
  transferExpiredTitle: ({ method }: { method: string }) => `The ${method} expired unpaid`,
  paidTitle: "Payment approved",
  afterPaymentHeading: "After the payment (manual testing)",
  refund: "Refund the payment",
  disputeOpen: "Open a dispute",
  disputeWon: "Close the dispute: won",
  disputeLost: "Close the dispute: lost",
  refundedText: "The payment was refunded.",
  refundFail: "Make the refund fail (the card was closed)",
  refundFailedText:
    "The refund failed after it was accepted: the money is back in the shop's balance, and the shop must return it another way.",
  disputedText: "The buyer's bank opened a dispute.",
  disputeWonText: "The dispute was closed in the shop's favour.",
  disputeLostText: "The dispute was lost: the money went back to the buyer.",
  refusedTitle: "This action is not possible",
  refusedBack: "Back to the payment page",
  invalidForm: "The form was incomplete or invalid.",
  declines: {
    insufficient_funds: "Insufficient funds",
    incorrect_cvc: "Incorrect security code (CVC)",
    expired_card: "Expired card",
    incorrect_number: "Incorrect card number",
    call_issuer: "Call the card issuer to authorise",
    card_not_supported: "Card not supported for this purchase",
    lost_card: "Card reported lost",
    fraudulent: "Suspected fraud",
    duplicate_transaction: "Duplicate transaction",
    card_velocity_exceeded: "Too many attempts with this card",
    invalid_installments: "Invalid number of instalments",
    generic_decline: "Declined without a reason",
  } satisfies Record<LocalDeclineCode, string>,
  refusals: englishRefusals,
};

export type PayTexts = typeof en;

const ptBr: PayTexts = {
  title: "Pagamento de teste",
  banner: "Provedor de pagamento de teste — nenhum dinheiro real é movimentado",
  bannerNote:
    "Esta página substitui o checkout hospedado da Stripe no ambiente de desenvolvimento. Cada botão envia à loja os eventos assinados que a Stripe enviaria.",
  amountLabel: "Valor",
  orderLabel: "Pedido",
  cardHeading: "Cartão",
  payCard: "Pagar com cartão (aprovado)",
  declineReasonLabel: "Motivo da recusa",
  payDecline: "Recusar o cartão",
  transferHeading: "Pix ou boleto",
  transferHint: "Gera o código e deixa o pagamento pendente até você pagá-lo nesta página.",
  payPix: "Pagar com Pix",
  payBoleto: "Pagar com boleto",
  leaveHeading: "Sair do checkout",
  cancel: "Cancelar e voltar à loja",
  expire: "Deixar o checkout expirar",
  declinedTitle: "O cartão foi recusado",
  declinedReason: ({ reason }: { reason: string }) => `Motivo: ${reason}`,
  declinedTryAgain: "Tente de novo com outra opção abaixo ou desista e volte à loja.",
  backToShop: "Voltar à loja",
  pastExpiry: "O prazo deste checkout acabou. Deixe-o expirar para que a loja seja avisada.",
  expiredTitle: "Este checkout expirou",
  awaitingTransferTitle: ({ method }: { method: string }) => `Aguardando o pagamento do ${method}`,
  awaitingTransferText:
    "A loja já sabe que o pagamento está pendente. Pague agora ou deixe expirar.",
  transferSettle: ({ method }: { method: string }) => `Pagar o ${method} agora`,
  transferExpire: ({ method }: { method: string }) => `Deixar o ${method} expirar`,
  pixCode: "O código Pix que a loja mostra (o que o app do banco leria):",
  transferExpiredTitle: ({ method }: { method: string }) => `O ${method} expirou sem ser pago`,
  paidTitle: "Pagamento aprovado",
  afterPaymentHeading: "Depois do pagamento (testes manuais)",
  refund: "Reembolsar o pagamento",
  disputeOpen: "Abrir uma contestação",
  disputeWon: "Encerrar a contestação: ganha",
  disputeLost: "Encerrar a contestação: perdida",
  refundedText: "O pagamento foi reembolsado.",
  refundFail: "Fazer o reembolso falhar (o cartão foi cancelado)",
  refundFailedText:
    "O reembolso falhou depois de aceito: o dinheiro voltou ao saldo da loja, que precisa devolvê-lo de outra forma.",
  disputedText: "O banco do comprador abriu uma contestação.",
  disputeWonText: "A contestação foi encerrada a favor da loja.",
  disputeLostText: "A contestação foi perdida: o dinheiro voltou para o comprador.",
  refusedTitle: "Esta ação não é possível",
  refusedBack: "Voltar à página de pagamento",
  invalidForm: "O formulário veio incompleto ou inválido.",
  declines: {
    insufficient_funds: "Saldo insuficiente",
    incorrect_cvc: "Código de segurança (CVV) incorreto",
    expired_card: "Cartão vencido",
    incorrect_number: "Número do cartão incorreto",
    call_issuer: "Ligue para o emissor do cartão para autorizar",
    card_not_supported: "Cartão não aceito para esta compra",
    lost_card: "Cartão com aviso de perda",
    fraudulent: "Suspeita de fraude",
    duplicate_transaction: "Transação duplicada",
    card_velocity_exceeded: "Tentativas demais com este cartão",
    invalid_installments: "Número de parcelas inválido",
    generic_decline: "Recusado sem motivo informado",
  },
  refusals: {
    not_found: "Nenhum checkout de teste tem este código.",
    not_open: "Este checkout não está mais aberto: já foi pago, ficou pendente ou expirou.",
    checkout_expired: "O prazo deste checkout acabou; ele só pode expirar.",
    not_brl: "Pix e boleto só existem para pagamentos em reais (BRL).",
    not_awaiting_transfer: "Nenhum Pix ou boleto está aguardando pagamento neste checkout.",
    not_paid: "Nada foi pago neste checkout.",
    already_after_payment: "Este pagamento já foi reembolsado ou contestado.",
    not_disputed: "Este pagamento não tem contestação em aberto.",
    not_refunded: "Este pagamento não tem reembolso que possa falhar.",
  },
};

const texts: Record<Locale, PayTexts> = { en, "pt-br": ptBr };

/** The page's words in `locale`. */
export function payTexts(locale: Locale): PayTexts {
  return texts[locale];
}
