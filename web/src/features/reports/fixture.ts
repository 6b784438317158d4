import type { Statistics } from './statisticsApi';

const figure = (usuarioId: string, noches: number, horas: number, porcentaje: number) => ({
  usuarioId,
  noches,
  horas,
  porcentajeNoches: porcentaje,
  porcentajeHoras: porcentaje,
});

/** A co-parent's statistics of two months: Ana and Beto share the nights, write, spend and pay. */
export const coparentStatistics: Statistics = {
  desde: '2026-09-01',
  hasta: '2026-10-31',
  zonaHoraria: 'America/Argentina/Buenos_Aires',
  tiempo: {
    planificado: [figure('ana', 31, 744, 50.82), figure('beto', 30, 720, 49.18)],
    real: [figure('ana', 32, 770.5, 52.46), figure('beto', 29, 693.5, 47.54)],
    porMes: [
      { mes: '2026-09', planificado: [figure('ana', 15, 360, 50), figure('beto', 15, 360, 50)], real: [figure('ana', 16, 384, 53.33), figure('beto', 14, 336, 46.67)] },
      { mes: '2026-10', planificado: [figure('ana', 16, 384, 51.61), figure('beto', 15, 360, 48.39)], real: [figure('ana', 16, 386.5, 51.61), figure('beto', 15, 357.5, 48.39)] },
    ],
    entregas: { aTiempo: 7, tarde: 2 },
    cambios: [
      { usuarioId: 'ana', pedidos: 1, aceptados: 2, rechazados: 0, contraofertados: 0, vencidos: 0 },
      { usuarioId: 'beto', pedidos: 2, aceptados: 1, rechazados: 0, contraofertados: 0, vencidos: 0 },
    ],
  },
  dinero: {
    gastos: {
      moneda: 'ARS',
      porMes: [
        { mes: '2026-09', total: 12_500_00 },
        { mes: '2026-10', total: 8_300_50 },
      ],
      porCategoria: [
        { categoria: 'salud', total: 15_000_00 },
        { categoria: 'educacion', total: 5_800_50 },
      ],
      porHijo: [{ hijoId: 'h1', total: 20_800_50 }],
      porPersona: [
        { usuarioId: 'ana', pagado: 14_000_00, parte: 10_400_25 },
        { usuarioId: 'beto', pagado: 6_800_50, parte: 10_400_25 },
      ],
    },
    saldoPorMes: [
      { mes: '2026-09', saldos: [{ usuarioId: 'ana', saldo: 2_000_00 }, { usuarioId: 'beto', saldo: -2_000_00 }] },
      { mes: '2026-10', saldos: [{ usuarioId: 'ana', saldo: 3_599_75 }, { usuarioId: 'beto', saldo: -3_599_75 }] },
    ],
    cuotas: { aTiempo: 1, tarde: 1, impagas: 0, pendientes: 0 },
  },
  mensajes: {
    porPersona: [
      { usuarioId: 'ana', enviados: 40, urgentes: 2, emergencias: 0, respuestaMediana: 95, vistoMediana: 12 },
      { usuarioId: 'beto', enviados: 35, urgentes: 0, emergencias: 1, respuestaMediana: 30, vistoMediana: null },
    ],
    porMes: [
      { mes: '2026-09', porPersona: [{ usuarioId: 'ana', enviados: 25, urgentes: 2, emergencias: 0, respuestaMediana: 90, vistoMediana: 10 }] },
      {
        mes: '2026-10',
        porPersona: [
          { usuarioId: 'ana', enviados: 15, urgentes: 0, emergencias: 0, respuestaMediana: 100, vistoMediana: 14 },
          { usuarioId: 'beto', enviados: 35, urgentes: 0, emergencias: 1, respuestaMediana: 30, vistoMediana: null },
        ],
      },
    ],
  },
};
