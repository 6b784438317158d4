import type { components } from '../../api/schema';

/** The money domain's shapes, as the API contract of issue 18 fixes them. */

export const CATEGORIES = ['educacion', 'salud', 'actividades', 'ropa-calzado', 'alimentacion', 'transporte', 'entretenimiento', 'emergencias', 'otros'] as const;
export type Category = (typeof CATEGORIES)[number];

export const SPLIT_MODES = ['igual', 'porcentajes', 'ingresos', 'unico'] as const;
export type SplitMode = (typeof SPLIT_MODES)[number];

export const EXPENSE_STATES = ['pendiente', 'aprobado', 'rechazado', 'disputado', 'retirado'] as const;
export type ExpenseState = (typeof EXPENSE_STATES)[number];

export const REFUSAL_MOTIVES = ['no_acordado', 'monto_incorrecto', 'no_es_para_hijos', 'duplicado', 'otro'] as const;
export type RefusalMotive = (typeof REFUSAL_MOTIVES)[number];

export type Split = components['schemas']['Reparto'];
export type Answer = components['schemas']['RespuestaView'];
export type FileInfo = components['schemas']['ArchivoView'];
export type Refund = components['schemas']['ReintegroView'];
export type Expense = components['schemas']['GastoView'];
export type Payment = components['schemas']['PagoView'];
export type PaymentInput = components['schemas']['PaymentInput'];
export type Settlement = components['schemas']['SettlePayment'];
export type CurrencyBalance = components['schemas']['CurrencyBalance'];
export type Balance = components['schemas']['BalanceView'];
export type FinanceSettings = components['schemas']['SettingsView'];
/** A change of the finance settings that waits for the other co-parents. */
export type SettingsProposal = components['schemas']['ProposalView'];
export type SettingsChange = components['schemas']['Cambios'];
export type SettingsAnswer = components['schemas']['SettingsAnswer'];

/** A new expense, with its optional monthly template (`recurrencia`) and expected insurer refund (`reintegro`). */
export type ExpenseInput = components['schemas']['ExpenseInput'];

export interface ExpenseFilters {
  estado?: string;
  categoria?: string;
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
