/** The words of Settings → Balanza / etiquetas (settings/messages.ts merges them into the screen's catalogue). */
import { defineMessages } from '../i18n/define.ts';

export const scaleMessages = defineMessages({
  'settings.tab.scale': 'Balanza / etiquetas',
  'settings.scale.why': 'Las etiquetas que imprime la balanza: un código EAN-13 que empieza con 20 a 29, luego el código del producto (su código en Productos) y el peso o el precio. Una fila por prefijo, como esté programada la balanza.',
  'settings.scale.none': 'Sin formatos: las etiquetas de balanza se leen como códigos de barras comunes.',
  'settings.scale.prefix': 'Prefijo',
  'settings.scale.itemDigits': 'Dígitos del producto',
  'settings.scale.value': 'Lleva',
  'settings.scale.weight': 'Peso (kg)',
  'settings.scale.price': 'Precio (₡)',
  'settings.scale.decimals': 'Decimales',
  'settings.scale.layout': 'Se lee',
  'settings.scale.reads': '{prefix} · producto de {item} dígitos · {kind} de {value} dígitos con {decimals} decimales · verificador',
  'settings.scale.add': 'Agregar formato',
  'settings.scale.remove': 'Quitar',
  'settings.scale.removeRow': 'Quitar el formato {prefix}',
}, {
  'settings.tab.scale': 'Scale / labels',
  'settings.scale.why': "The labels the scale prints: an EAN-13 starting 20 to 29, then the product's code (its code in Products) and the weight or the price. One row per prefix, as the scale is programmed.",
  'settings.scale.none': 'No formats: scale labels are read as ordinary barcodes.',
  'settings.scale.prefix': 'Prefix',
  'settings.scale.itemDigits': 'Product digits',
  'settings.scale.value': 'Carries',
  'settings.scale.weight': 'Weight (kg)',
  'settings.scale.price': 'Price (₡)',
  'settings.scale.decimals': 'Decimals',
  'settings.scale.layout': 'Reads',
  'settings.scale.reads': '{prefix} · product of {item} digits · {kind} of {value} digits with {decimals} decimals · check digit',
  'settings.scale.add': 'Add a format',
  'settings.scale.remove': 'Remove',
  'settings.scale.removeRow': 'Remove format {prefix}',
});
