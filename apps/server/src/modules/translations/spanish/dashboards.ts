import { dashboardsButtons, dashboardsLabels, dashboardsTitles, dashboardWidgetTitles } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Dashboards and their widgets in Spanish. */
export const dashboardsSpanish = [
  ...translateCatalog(dashboardsTitles, {
    page: 'Paneles',
    lead: 'Sus widgets: cada número abre los permisos que cuenta. Ordénelos como quiera.',
  }),
  ...translateCatalog(dashboardWidgetTitles, {
    'my-work': 'Mi trabajo',
    'permits-by-status': 'Permisos abiertos por estado',
    'permits-by-type': 'Permisos abiertos por tipo',
    'expiring-soon': 'Vencen en menos de 24 horas',
    'isolations-by-area': 'Aislamientos activos por área',
    'shared-points': 'Puntos de aislamiento compartidos',
    locks: 'Candados puestos',
    'sync-conflicts': 'Conflictos sin conexión',
    'gas-out-of-limits': 'Pruebas de gas fuera de límites hoy',
  }),
  ...translateCatalog(dashboardsLabels, {
    permit: 'permiso',
    permits: 'permisos',
    loading: 'Cargando {{widget}}',
    loadFailed: 'No se pudo cargar este widget.',
    empty: 'Nada por ahora.',
    openAll: 'Abrir estos permisos en el índice',
    heldBy: '{{count}} permisos',
    editing:
      'Arrastre un widget por su título para moverlo, y por su esquina para cambiar su tamaño, o use su botón de ordenar.',
    phoneEditing:
      'En un teléfono los widgets se apilan en una columna: súbalos o bájelos con el botón de ordenar de cada widget.',
    placedGrid: '{{widget}}: fila {{row}}, columna {{column}}, {{width}} columnas de ancho, {{height}} filas de alto.',
    placedStack: '{{widget}}: posición {{position}} de {{count}}.',
    saved: 'Su panel está guardado.',
    defaultSaved: 'Guardado como panel predeterminado de la instalación.',
    conflict: 'Su panel se cambió en otra ventana. Se ha vuelto a cargar.',
    saveFailed: 'No se pudo guardar su panel. Inténtelo de nuevo.',
    fromFacility: 'Está viendo el panel predeterminado de la instalación.',
    noWidgets: 'Aún no hay widgets. Elija «Añadir widget» para añadir uno.',
  }),
  ...translateCatalog(dashboardsButtons, {
    arrange: 'Ordenar',
    done: 'Hecho',
    addWidget: 'Añadir widget',
    remove: 'Quitar {{widget}}',
    arrangeWidget: 'Ordenar {{widget}}',
    moveUp: 'Subir',
    moveDown: 'Bajar',
    moveLeft: 'Mover a la izquierda',
    moveRight: 'Mover a la derecha',
    wider: 'Más ancho',
    narrower: 'Más estrecho',
    taller: 'Más alto',
    shorter: 'Más bajo',
    retry: 'Reintentar',
    reset: 'Usar el panel predeterminado',
    saveDefault: 'Guardar como predeterminado de la instalación',
  }),
];
