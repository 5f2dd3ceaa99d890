/**
 * Unsigned sample documents in the canonical form the XML writers emit (exc-c14n, no whitespace,
 * one default namespace on the root), with the characters that matter: escaped &, <, >, a carriage
 * return, and non-ASCII text.
 */

export const TIQUETE_NS = 'https://cdn.comprobanteselectronicos.go.cr/xml-schemas/v4.4/tiqueteElectronico';
export const DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

/** c14n text escaping, for building canonical samples from arbitrary text. */
export function canonicalText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function line(n: number, description: string): string {
  return `<LineaDetalle><NumeroLinea>${n}</NumeroLinea><CodigoCABYS>2349900000000</CodigoCABYS><Cantidad>1.000</Cantidad>` +
    `<UnidadMedida>Unid</UnidadMedida><Detalle>${canonicalText(description)}</Detalle><PrecioUnitario>1000.00000</PrecioUnitario>` +
    '<MontoTotal>1000.00000</MontoTotal><SubTotal>1000.00000</SubTotal><BaseImponible>1000.00000</BaseImponible>' +
    '<Impuesto><Codigo>01</Codigo><CodigoTarifaIVA>08</CodigoTarifaIVA><Tarifa>13.00</Tarifa><Monto>130.00000</Monto></Impuesto>' +
    '<ImpuestoNeto>130.00000</ImpuestoNeto><MontoTotalLinea>1130.00000</MontoTotalLinea></LineaDetalle>';
}

/** A ticket with `lines` detail lines; `description` goes into every line's Detalle. */
export function sampleTicket(options: { lines?: number; description?: string; declaration?: boolean } = {}): string {
  const lines = Array.from({ length: options.lines ?? 1 }, (_, i) => line(i + 1, options.description ?? 'Café ₡ & <más> "añejo"\r\nlínea 2'));
  return (options.declaration === false ? '' : DECLARATION) +
    `<TiqueteElectronico xmlns="${TIQUETE_NS}">` +
    '<Clave>50625112600310112345600100001040000000001100000001</Clave>' +
    '<ProveedorSistemas>3101123456</ProveedorSistemas><CodigoActividadEmisor>523902</CodigoActividadEmisor>' +
    '<NumeroConsecutivo>00100001040000000001</NumeroConsecutivo><FechaEmision>2026-11-25T16:04:00-06:00</FechaEmision>' +
    `<Emisor><Nombre>${canonicalText('Panadería & Café "La Única" S.A.')}</Nombre>` +
    '<Identificacion><Tipo>02</Tipo><Numero>3101123456</Numero></Identificacion><CorreoElectronico>ventas@example.cr</CorreoElectronico></Emisor>' +
    `<CondicionVenta>01</CondicionVenta><DetalleServicio>${lines.join('')}</DetalleServicio>` +
    '<ResumenFactura><CodigoTipoMoneda><CodigoMoneda>CRC</CodigoMoneda><TipoCambio>1.00000</TipoCambio></CodigoTipoMoneda>' +
    '<TotalComprobante>1130.00000</TotalComprobante></ResumenFactura>' +
    '</TiqueteElectronico>';
}

/** The ds:Signature substring of a signed document. */
export function signatureOf(signed: string): string {
  const start = signed.indexOf('<ds:Signature ');
  const end = signed.indexOf('</ds:Signature>') + '</ds:Signature>'.length;
  return signed.slice(start, end);
}

/** The substring of `xml` from `<tag` (first occurrence) to its matching `</tag>`. */
export function elementText(xml: string, tag: string): string {
  const start = xml.indexOf(`<${tag}`);
  const end = xml.indexOf(`</${tag}>`, start) + tag.length + 3;
  return xml.slice(start, end);
}
