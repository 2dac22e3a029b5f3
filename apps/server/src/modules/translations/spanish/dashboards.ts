import { dashboardsLabels, dashboardsTitles } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Dashboards ("My work") in Spanish. */
export const dashboardsSpanish = [
  ...translateCatalog(dashboardsTitles, {
    page: 'Paneles',
    lead: 'Mi trabajo: los permisos que le esperan, los que tiene o solicitó, y los que terminan pronto.',
    'awaiting-approval': 'Esperan mi aprobación',
    held: 'Soy titular',
    requested: 'Solicité',
    expiring: 'Vencen en menos de 24 horas',
  }),
  ...translateCatalog(dashboardsLabels, {
    'empty::awaiting-approval': 'Nada espera su aprobación.',
    'empty::held': 'No es titular de ningún permiso.',
    'empty::requested': 'No ha solicitado ningún permiso.',
    'empty::expiring': 'Ningún permiso en vigor termina en las próximas 24 horas.',
    permit: 'permiso',
    permits: 'permisos',
    loadingCard: 'Cargando {{card}}',
    loadFailed: 'No se pudieron cargar estos permisos. Recargue la página para intentarlo de nuevo.',
    ended: 'Terminó el {{when}}',
    ends: 'Termina el {{when}}',
    showAll: 'Ver todos',
  }),
];
