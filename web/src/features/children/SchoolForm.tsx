import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../i18n';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/Field';
import { FormActions } from '../../components/FormActions';
import { applyServerErrors } from '../../lib/serverErrors';
import { useUpdateChild, type Child } from './api';

interface Values {
  escuela: string;
  grado: string;
  profesorPrincipal: string;
  telefonoEscuela: string;
  entrada: string;
  salida: string;
}

/** School information: no field is required (spec §5). */
export function SchoolForm({ child, onDone }: { child: Child; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateChild(child._id, 'children.errors.school');
  const [failure, setFailure] = useState<string | null>(null);
  const school = child.informacionEscolar;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      escuela: school.escuela ?? '',
      grado: school.grado ?? '',
      profesorPrincipal: school.profesorPrincipal ?? '',
      telefonoEscuela: school.telefonoEscuela ?? '',
      entrada: school.horarioEscolar.entrada ?? '',
      salida: school.horarioEscolar.salida ?? '',
    },
  });
  const submit = async (v: Values) => {
    setFailure(null);
    try {
      await update.mutateAsync({
        informacionEscolar: {
          escuela: v.escuela,
          grado: v.grado,
          profesorPrincipal: v.profesorPrincipal,
          telefonoEscuela: v.telefonoEscuela,
          horarioEscolar: { entrada: v.entrada, salida: v.salida },
        },
      });
      onDone();
    } catch (err) {
      setFailure(
        applyServerErrors(err, setError, {
          'informacionEscolar.escuela': 'escuela',
          'informacionEscolar.grado': 'grado',
          'informacionEscolar.profesorPrincipal': 'profesorPrincipal',
          'informacionEscolar.telefonoEscuela': 'telefonoEscuela',
          'informacionEscolar.horarioEscolar.entrada': 'entrada',
          'informacionEscolar.horarioEscolar.salida': 'salida',
        }, t('children.errors.school')),
      );
    }
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-4">
      {failure && <Alert>{failure}</Alert>}
      <TextField label={t('children.school.name')} error={errors.escuela?.message} {...register('escuela')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('children.school.grade')} error={errors.grado?.message} {...register('grado')} />
        <TextField label={t('children.school.teacher')} error={errors.profesorPrincipal?.message} {...register('profesorPrincipal')} />
      </div>
      <TextField label={t('children.school.phone')} type="tel" error={errors.telefonoEscuela?.message} {...register('telefonoEscuela')} />
      <div className="grid grid-cols-2 gap-4">
        <TextField label={t('children.school.start')} type="time" error={errors.entrada?.message} {...register('entrada')} />
        <TextField label={t('children.school.end')} type="time" error={errors.salida?.message} {...register('salida')} />
      </div>
      <FormActions busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}
