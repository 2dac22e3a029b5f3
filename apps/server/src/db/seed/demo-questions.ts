import type { Transaction } from 'kysely';
import { questionTextCaption, questionChoiceCaption, type QuestionInput, type QuestionStage } from '@hasp/contracts';
import type { Database } from '../schema';
import { insertMissingCaptions } from '../../modules/translations';
import { insertQuestion, insertVersion, upsertAssignments } from '../../modules/questions';

type Where = Partial<Record<QuestionStage, string[]>>;

interface DemoQuestion {
  input: QuestionInput;
  spanish: string;
  spanishChoices?: string[];
  /** Permit type codes → stages where it is asked. */
  askedAt: Where;
}

const yesNo = (text: string, blocking: 'no' | null, spanish: string, askedAt: Where): DemoQuestion => ({
  input: {
    text,
    answerType: 'yes_no_na',
    choices: [],
    isMandatory: true,
    blockingAnswer: blocking,
    minValue: null,
    maxValue: null,
  },
  spanish,
  askedAt,
});

const loto = ['LOTO', 'LTI'];
const at = (codes: string[], stage: QuestionStage): Where => ({ [stage]: codes });

/** Realistic checklist questions (OSHA 1910.147 (d) and (e), HSG250), in the order forms ask them. */
const demoQuestions: DemoQuestion[] = [
  yesNo('Have all affected employees been notified?', 'no', '¿Se ha notificado a todos los empleados afectados?', {
    request: loto,
    'close-out': ['LOTO'],
  }),
  {
    input: {
      text: 'Reason for the isolation',
      answerType: 'text',
      choices: [],
      isMandatory: true,
      blockingAnswer: null,
      minValue: null,
      maxValue: null,
    },
    spanish: 'Motivo del aislamiento',
    askedAt: at(loto, 'request'),
  },
  yesNo('Area barricaded?', 'no', '¿Área acordonada?', { issue: [...loto, 'ELEC', 'HOT'] }),
  yesNo('Stored energy released or restrained?', 'no', '¿Energía almacenada liberada o retenida?', at(loto, 'issue')),
  yesNo('Zero energy verified by try-out?', 'no', '¿Energía cero verificada mediante prueba de arranque?', {
    issue: [...loto, 'ELEC'],
  }),
  yesNo(
    'Absence of voltage verified with a tested meter (live-dead-live)?',
    'no',
    '¿Ausencia de tensión verificada con un medidor probado (vivo-muerto-vivo)?',
    at(['ELEC'], 'issue'),
  ),
  {
    input: {
      text: 'Personal locks on the group lockbox',
      answerType: 'number',
      choices: [],
      isMandatory: true,
      blockingAnswer: null,
      minValue: 1,
      maxValue: null,
      // The holder sees the lockbox's count, offered to confirm at the box, not typed from memory.
      fact: 'personal-locks-on-lockbox',
    },
    spanish: 'Candados personales en la caja de bloqueo grupal',
    askedAt: at(loto, 'acceptance'),
  },
  yesNo(
    'Holder walked the isolation points with the issuer?',
    'no',
    '¿El titular recorrió los puntos de aislamiento con el emisor?',
    at(loto, 'acceptance'),
  ),
  yesNo('Fire watch assigned?', 'no', '¿Vigilancia contra incendios asignada?', at(['HOT'], 'issue')),
  {
    input: {
      text: 'Flammable gas reading (% LEL)',
      answerType: 'number',
      choices: [],
      isMandatory: true,
      blockingAnswer: null,
      minValue: 0,
      maxValue: 10,
    },
    spanish: 'Lectura de gas inflamable (% LIE)',
    askedAt: { issue: ['HOT', 'CSE'] },
  },
  {
    input: {
      text: 'Oxygen level (%)',
      answerType: 'number',
      choices: [],
      isMandatory: true,
      blockingAnswer: null,
      minValue: 19.5,
      maxValue: 23.5,
    },
    spanish: 'Nivel de oxígeno (%)',
    askedAt: at(['CSE'], 'issue'),
  },
  yesNo('Attendant posted at the entry?', 'no', '¿Vigilante apostado en la entrada?', at(['CSE'], 'issue')),
  {
    input: {
      text: 'Date of the last rescue drill',
      answerType: 'date',
      choices: [],
      isMandatory: false,
      blockingAnswer: null,
      minValue: null,
      maxValue: null,
    },
    spanish: 'Fecha del último simulacro de rescate',
    askedAt: at(['CSE'], 'request'),
  },
  yesNo(
    'Area inspected and non-essential items removed?',
    'no',
    '¿Área inspeccionada y elementos no esenciales retirados?',
    at([...loto, 'GEN'], 'close-out'),
  ),
  yesNo('All employees clear of the machine?', 'no', '¿Todos los empleados alejados de la máquina?', {
    'close-out': loto,
  }),
  {
    input: {
      text: 'How were affected employees told of the restart?',
      answerType: 'choice',
      choices: ['In person', 'Radio', 'Shift briefing', 'Not told'],
      isMandatory: true,
      blockingAnswer: 'Not told',
      minValue: null,
      maxValue: null,
    },
    spanish: '¿Cómo se informó del rearranque a los empleados afectados?',
    spanishChoices: ['En persona', 'Radio', 'Reunión de turno', 'No se informó'],
    askedAt: at(loto, 'close-out'),
  },
  yesNo('Work area left clean and safe?', null, '¿Zona de trabajo limpia y segura?', at(['GEN'], 'close-out')),
];

/** Seeds the demo questions in each facility, assigned to the demo permit types, with Spanish wording. */
export async function seedDemoQuestions(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  const admin = await trx.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirst();
  const spanish = await trx.selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirst();
  if (!admin) return;
  for (const facilityId of facilityIds) {
    const types = await trx
      .selectFrom('permit_types')
      .select(['id', 'code'])
      .where('facility_id', '=', facilityId)
      .execute();
    const typeId = new Map(types.map((t) => [t.code, t.id]));
    const forms = new Map<string, number[]>();
    for (const question of demoQuestions) {
      const id = await insertQuestion(trx, facilityId);
      await insertVersion(trx, id, 1, question.input, admin.id);
      const version = { questionID: id, version: 1 };
      const captions = [
        { caption: questionTextCaption({ ...version, text: question.input.text }), spanish: question.spanish },
        ...question.input.choices.map((choice, index) => ({
          caption: questionChoiceCaption(version, index, choice),
          spanish: question.spanishChoices?.[index] ?? choice,
        })),
      ];
      await insertMissingCaptions(
        trx,
        captions.map((c) => c.caption),
      );
      if (spanish) {
        for (const { caption, spanish: text } of captions) {
          const row = await trx
            .selectFrom('captions')
            .select('id')
            .where('item_type', '=', caption.itemType)
            .where('form_name', '=', caption.formName)
            .where('control_name', '=', caption.controlName)
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('caption_translations')
            .values({ caption_id: row.id, language_id: spanish.id, preferred_caption: text })
            .onConflict((oc) => oc.columns(['caption_id', 'language_id']).doNothing())
            .execute();
        }
      }
      for (const [stage, codes] of Object.entries(question.askedAt)) {
        for (const code of codes) {
          const key = `${code}|${stage}`;
          forms.set(key, [...(forms.get(key) ?? []), id]);
        }
      }
    }
    for (const [key, questionIds] of forms) {
      const [code, stage] = key.split('|') as [string, QuestionStage];
      const permitTypeId = typeId.get(code);
      if (permitTypeId !== undefined) await upsertAssignments(trx, facilityId, permitTypeId, stage, questionIds);
    }
  }
}
