import { adjustmentKindValues, agreementModeValues, expenseCategoryValues, expenseStateValues, refusalReasonValues, splitModeValues, type components } from '../../api/schema';

/** The money domain's shapes, as the API contract of issue 18 fixes them. */

export const CATEGORIES = expenseCategoryValues;
export type Category = components['schemas']['ExpenseCategory'];

export const SPLIT_MODES = splitModeValues;
export type SplitMode = components['schemas']['SplitMode'];

export const EXPENSE_STATES = expenseStateValues;
export type ExpenseState = components['schemas']['ExpenseState'];

export type PaymentState = components['schemas']['PaymentState'];
export type DueState = components['schemas']['DueState'];

export const REFUSAL_MOTIVES = refusalReasonValues;
export type RefusalMotive = components['schemas']['RefusalReason'];

/** An answer to a proposed change of the settings or of child support. */
export type ProposalChoice = components['schemas']['ProposalChoice'];

/** Child support set as a fixed amount or as a percentage of the payer's income. */
export const SUPPORT_MODES = agreementModeValues;
export type SupportMode = components['schemas']['AgreementMode'];

/** How an agreement's amount moves: its start, or an adjustment by a percentage, an index or an income. */
export const ADJUSTMENT_KINDS = adjustmentKindValues;
export type AdjustmentKind = components['schemas']['AdjustmentKind'];

export type Split = components['schemas']['Split'];
export type Answer = components['schemas']['ReplyView'];
export type FileInfo = components['schemas']['ReceiptFileView'];
export type Refund = components['schemas']['RefundView'];
export type Expense = components['schemas']['ExpenseView'];
export type Payment = components['schemas']['PaymentView'];
export type PaymentInput = components['schemas']['PaymentInput'];
export type Settlement = components['schemas']['SettlePayment'];
export type CurrencyBalance = components['schemas']['CurrencyBalance'];
export type Balance = components['schemas']['BalanceView'];
export type FinanceSettings = components['schemas']['SettingsView'];
/** A change of the finance settings that waits for the other co-parents. */
export type SettingsProposal = components['schemas']['ProposalView'];
export type SettingsChange = components['schemas']['SettingsChanges'];
export type SettingsAnswer = components['schemas']['SettingsAnswer'];

/** A new expense, with its optional monthly template (`recurrencia`) and expected insurer refund (`reintegro`). */
export type ExpenseInput = components['schemas']['ExpenseInput'];

export interface ExpenseFilters {
  estado?: ExpenseState;
  categoria?: Category;
  hijoId?: string;
  desde?: string;
  hasta?: string;
}

/** Child support (cuota alimentaria): its agreements, dues, history of amounts and payments. */
export type Support = components['schemas']['AgreementView'];
export type SupportDetail = components['schemas']['AgreementDetail'];
export type Due = components['schemas']['DueView'];
export type SupportChange = components['schemas']['AdjustmentView'];
export type SupportPayment = components['schemas']['SupportPaymentView'];
export type SupportInput = components['schemas']['AgreementInput'];
export type SupportAdjustment = components['schemas']['AdjustmentInput'];
export type SupportPaymentInput = components['schemas']['SupportPaymentInput'];
export type SupportUpdate = components['schemas']['AgreementChange'];
/** A change of child support that waits for the side it goes against. */
export type SupportProposal = components['schemas']['SupportProposalView'];

/** The counted expenses of a period in one currency, by month, category, child and person. */
export type Report = components['schemas']['ExpenseReport'];
