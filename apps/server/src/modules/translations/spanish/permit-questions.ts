import { permitQuestionsButtons, permitQuestionsLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The permit page's Questions section in Spanish. */
export const permitQuestionsSpanish = [
  ...translateCatalog(permitQuestionsLabels, {
    section: 'Preguntas de la lista de comprobación',
    loading: 'Cargando las preguntas',
    loadFailed: 'No se pudieron cargar las preguntas.',
    stage: 'Preguntas de {{stage}}',
    openWhen: 'Se responden antes de que el permiso sea {{step}}.',
    closed: 'Ya no admite respuestas.',
    stops: 'Impide «{{command}}»',
    mandatory: 'Obligatoria',
    optional: 'Opcional',
    answer: 'Respuesta',
    notAnswered: 'Sin responder',
    answeredBy: 'Respondida por {{name}}, {{at}}',
    notSaved: 'No guardada',
    range: 'Entre {{min}} y {{max}}',
    atLeast: 'Al menos {{min}}',
    atMost: 'Como máximo {{max}}',
    chooseOne: 'Elija una',
    'fromRecord::locks-on-points': 'Del registro de aislamiento: {{value}}',
    'fromRecord::points-isolated': 'Del registro de aislamiento: {{value}}',
    'fromRecord::personal-locks-on-lockbox': 'De la caja de bloqueo grupal: {{value}}',
    'fromRecord::crew-signed-on': 'Del registro de la cuadrilla: {{value}}',
    stepRequested: 'solicitado',
    stepIssued: 'emitido',
    stepAccepted: 'aceptado',
    stepClosed: 'cerrado',
  }),
  ...translateCatalog(permitQuestionsButtons, {
    save: 'Guardar',
    'save::aria': 'Guardar la respuesta a «{{question}}»',
  }),
];
