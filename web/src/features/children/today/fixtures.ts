import type { FamilyToday, Today } from './api';

/**
 * A Tuesday in Buenos Aires (UTC-3), 10:00: Ana has Lucía and Mateo until Friday's 18:00
 * exchange to Bruno; swimming at 17:30 and a school holiday today; Bruno asks Ana for a night.
 */
export function casaDeAna(overrides: Partial<FamilyToday> = {}): FamilyToday {
  const ana = { usuarioId: 'u-ana', nombre: 'Ana', hasta: '2026-11-27T21:00:00Z' };
  return {
    familiaId: 'f1',
    nombre: 'Casa de Ana',
    zonaHoraria: 'America/Argentina/Buenos_Aires',
    fecha: '2026-11-24',
    ahora: ana,
    proximoIntercambio: { fecha: '2026-11-27', at: '2026-11-27T21:00:00Z', deUsuarioId: 'u-ana', deNombre: 'Ana', aUsuarioId: 'u-bruno', aNombre: 'Bruno' },
    eventosHoy: [
      occurrence('e-swim', 'Natación', '2026-11-24T17:30:00-03:00', false),
      occurrence('e-holiday', 'Feriado escolar', '2026-11-24', true),
    ],
    cambiosPorResponder: [
      {
        cambioId: 's1',
        solicitanteId: 'u-bruno',
        noches: ['2026-12-04'],
        devolucion: [],
        motivo: 'Cumpleaños de la abuela',
        responderAntesDe: '2026-11-26T15:00:00Z',
      },
    ],
    hijos: [
      {
        hijoId: 'h-lucia',
        nombre: 'Lucía',
        con: ana,
        ultimaActividad: '2026-11-24T11:00:00Z',
        proximosEventosTotal: 3,
        proximosEventos: [
          { eventoId: 'e-swim', ocurrencia: '2026-11-24T17:30:00', titulo: 'Natación', inicio: '2026-11-24T17:30:00-03:00', todoElDia: false },
          { eventoId: 'e-dentist', ocurrencia: '2026-11-28', titulo: 'Dentista', inicio: '2026-11-28', todoElDia: true },
          { eventoId: 'e-swim', ocurrencia: '2026-12-01T17:30:00', titulo: 'Natación', inicio: '2026-12-01T17:30:00-03:00', todoElDia: false },
        ],
      },
      { hijoId: 'h-mateo', nombre: 'Mateo', con: ana, ultimaActividad: null, proximosEventosTotal: 0, proximosEventos: [] },
    ],
    ...overrides,
  };
}

export function occurrence(eventoId: string, titulo: string, inicio: string, todoElDia: boolean): FamilyToday['eventosHoy'][number] {
  return {
    eventoId,
    familiaId: 'f1',
    titulo,
    inicio,
    fin: inicio,
    todoElDia,
    ocurrencia: inicio.slice(0, 19),
    categoria: 'actividades',
    tipo: 'actividad',
    hijos: ['h-lucia'],
    privado: false,
    recordatorios: [],
    zonaHoraria: 'America/Argentina/Buenos_Aires',
    limitado: false,
  };
}

export function todayOf(familias: FamilyToday[], invitacionesPendientes = 0): Today {
  return { ahora: '2026-11-24T13:00:00Z', familias, invitacionesPendientes };
}
