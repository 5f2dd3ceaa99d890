/**
 * The simulator's public helper API: `GET /fe/ae?identificacion=<id>` answers from a small built-in
 * register of fictitious taxpayers, in the real service's JSON shape; 404 for anyone else. No
 * authentication, as the real service.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http-util.ts';
import type { SimulatorFaults } from './types.ts';

export const PUBLIC_API_PATH = '/fe/ae';

interface RegisterEntry {
  nombre: string;
  tipoIdentificacion: string;
  actividades: { estado: string; tipo: string; codigo: string; descripcion: string }[];
}

const activity = (codigo: string, descripcion: string, tipo = 'P') => ({ estado: 'A', tipo, codigo, descripcion });

/** Fictitious taxpayers: persons (names surnames first, as the register writes them), companies, a DIMEX, a NITE. */
export const SIMULATED_TAXPAYERS: Readonly<Record<string, RegisterEntry>> = {
  '109990999': { nombre: 'PEREZ MORA JUAN CARLOS', tipoIdentificacion: '01', actividades: [activity('472102', 'VENTA AL POR MENOR DE FRUTAS Y VERDURAS')] },
  '205550555': { nombre: 'DE LA O RODRIGUEZ MARIA DE LOS ANGELES', tipoIdentificacion: '01', actividades: [activity('741001', 'ACTIVIDADES DE DISEÑO')] },
  '3101123456': {
    nombre: 'SOLUCIONES TECNOLOGICAS DEL VALLE SOCIEDAD ANONIMA',
    tipoIdentificacion: '02',
    actividades: [activity('620100', 'ACTIVIDADES DE PROGRAMACION INFORMATICA'), activity('620200', 'CONSULTORIA INFORMATICA', 'S')],
  },
  '3102654321': { nombre: 'DISTRIBUIDORA EL SOL LIMITADA', tipoIdentificacion: '02', actividades: [activity('463001', 'VENTA AL POR MAYOR DE ALIMENTOS')] },
  '155812345678': { nombre: 'SMITH JONES JOHN ROBERT', tipoIdentificacion: '03', actividades: [activity('855901', 'ENSEÑANZA DE IDIOMAS')] },
  '4000123456': { nombre: 'EMBAJADA DE LA REPUBLICA DE EJEMPLO', tipoIdentificacion: '04', actividades: [] },
};

function answer(entry: RegisterEntry): Record<string, unknown> {
  return {
    nombre: entry.nombre,
    tipoIdentificacion: entry.tipoIdentificacion,
    regimen: { codigo: 1, descripcion: 'Régimen General' },
    situacion: { moroso: 'NO', omiso: 'NO', estado: 'Inscrito', administracionTributaria: 'Grandes Contribuyentes' },
    actividades: entry.actividades,
  };
}

/** Answers a request on PUBLIC_API_PATH (503 under the status5xx fault); false when the path is another. */
export function handlePublicApi(req: IncomingMessage, res: ServerResponse, url: URL, faults: SimulatorFaults): boolean {
  if (url.pathname !== PUBLIC_API_PATH && url.pathname !== `${PUBLIC_API_PATH}/`) return false;
  if (faults.status5xx) {
    sendJson(res, 503, { code: 503, status: 'SERVICE_UNAVAILABLE' });
  } else if (req.method !== 'GET') {
    sendJson(res, 405, { code: 405, status: 'METHOD_NOT_ALLOWED' });
  } else {
    const entry = SIMULATED_TAXPAYERS[url.searchParams.get('identificacion') ?? ''];
    if (entry) sendJson(res, 200, answer(entry));
    else sendJson(res, 404, { code: 404, status: 'NOT_FOUND', message: 'No se encontró el contribuyente.' });
  }
  return true;
}
