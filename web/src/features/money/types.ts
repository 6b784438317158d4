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

export interface Split {
  modo: SplitMode;
  participantes: string[];
  pesos?: Record<string, number> | null;
}

export interface Answer {
  usuarioId: string;
  decision: 'aprobado' | 'rechazado' | 'disputado';
  motivo?: string | null;
  comentario?: string | null;
  propuesta?: string | null;
  en: string;
}

export interface FileInfo {
  tipo: string;
  tamano: number;
}

export interface Expense {
  id: string;
  familiaId: string;
  descripcion: string;
  monto: number;
  moneda: string;
  fecha: string;
  categoria: string;
  pagadoPor: string;
  creadoPor: string;
  reparto: Split;
  partes: Record<string, number>;
  hijos: string[];
  notas?: string | null;
  estado: string;
  respuestas: Answer[];
  faltan: string[];
  recibo?: FileInfo | null;
  recurrenteId?: string | null;
  reintegro?: Refund | null;
  creadoEn: string;
  actualizadoEn: string;
}

/** What an insurer (obra social, prepaga) gives back of an expense, split like the expense. */
export interface Refund {
  entidad: string;
  monto?: number | null;
  fecha?: string | null;
  partes?: Record<string, number> | null;
}

export interface ExpenseInput {
  familiaId: string;
  descripcion: string;
  monto: number;
  moneda: string;
  fecha: string;
  categoria: string;
  pagadoPor: string;
  reparto: Split;
  hijos?: string[];
  notas?: string | null;
  /** A monthly template: the same expense made again each month, until `hasta` when given. */
  recurrencia?: { hasta?: string | null } | null;
  reintegro?: { entidad: string } | null;
}

export interface ExpenseFilters {
  estado?: string;
  categoria?: string;
  hijoId?: string;
  desde?: string;
  hasta?: string;
}

export interface Payment {
  id: string;
  familiaId: string;
  de: string;
  para: string;
  monto: number;
  moneda: string;
  fecha: string;
  metodo?: string | null;
  referencia?: string | null;
  estado: string;
  comprobante?: FileInfo | null;
  creadoPor: string;
  creadoEn: string;
  respondidoEn?: string | null;
}

export interface PaymentInput {
  familiaId: string;
  de: string;
  para: string;
  monto: number;
  moneda: string;
  fecha: string;
  metodo?: string | null;
  referencia?: string | null;
}

export interface Settlement {
  de: string;
  para: string;
  monto: number;
}

export interface CurrencyBalance {
  saldos: Record<string, number>;
  liquidacion: Settlement[];
}

export interface Balance {
  monedas: Record<string, CurrencyBalance>;
}

export interface FinanceSettings {
  moneda: string;
  aprobacionAutomatica: Record<string, number>;
  ingresos: Record<string, number>;
}

/** Child support (cuota alimentaria): its agreements, dues, history of amounts and payments. */
export type Support = components['schemas']['AgreementView'];
export type SupportDetail = components['schemas']['AgreementDetail'];
export type Due = components['schemas']['DueView'];
export type SupportChange = components['schemas']['AdjustmentView'];
export type SupportPayment = components['schemas']['PaymentView'];
export type SupportInput = components['schemas']['AgreementInput'];
export type SupportAdjustment = components['schemas']['AdjustmentInput'];
export type SupportPaymentInput = components['schemas']['PaymentInput'];
export type SupportUpdate = components['schemas']['AgreementChange'];

/** The expense report of a period in one currency. */
export interface Report {
  moneda: string;
  porMes: { mes: string; total: number }[];
  porCategoria: { categoria: string; total: number }[];
  porHijo: { hijoId: string | null; total: number }[];
  porPersona: { usuarioId: string; pagado: number; parte: number }[];
}
