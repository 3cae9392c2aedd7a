import { TARGET_UPDATE_FAILED, TARGET_UPDATED, type BrandTarget } from '@parallels/contract/targets';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useAddTarget, useBrandTargets, useDeleteTarget, useUpdateTarget } from '../../features/brand-targets/api/targets';
import { AddTargetForm } from '../../features/brand-targets/components/add-target-form';
import { SalesProgressChart } from '../../features/brand-targets/components/sales-progress-chart';
import { TargetsTable, type TargetEdit } from '../../features/brand-targets/components/targets-table';
import { useUserBrands } from '../../features/brands/api/get-user-brands';
import { reportErrorMessage } from '../../components/report-table/report-state';
import { useBrandToday } from '../../lib/brand-today';
import { useSession } from '../../lib/session-store';

/** spec/reports.md "Brand targets" (/performance-metrics, 'Brands Performance Metrics'). */
export function PerformanceMetricsRoute() {
  const { user } = useSession();
  const brands = useUserBrands(user?.id);
  const targets = useBrandTargets();
  const add = useAddTarget();
  const update = useUpdateTarget();
  const remove = useDeleteTarget();
  const { toast } = useToast();
  const today = useBrandToday();

  if (targets.isPending || brands.isPending) return <Spinner label="Loading targets" />;
  if (targets.isError) return <p role="alert" className="text-sm text-rose-800">Error: {reportErrorMessage(targets.error)}</p>;
  const list = targets.data.data;

  const save = async (t: BrandTarget, edit: TargetEdit): Promise<boolean> => {
    try {
      await update.mutateAsync({ brandId: t.brandId, targetId: t._id, ...edit });
      toast({ title: TARGET_UPDATED });
      return true;
    } catch {
      toast({ title: TARGET_UPDATE_FAILED, variant: 'destructive' });
      return false;
    }
  };
  const del = (t: BrandTarget) =>
    remove.mutate({ brandId: t.brandId, targetId: t._id }, { onError: (e) => toast({ title: `Error: ${reportErrorMessage(e)}`, variant: 'destructive' }) });

  return (
    <div className="flex flex-col gap-6">
      <AddTargetForm brands={brands.data?.brands ?? []} defaultMonth={today.slice(0, 7)} busy={add.isPending} onAdd={(body) => add.mutateAsync(body)} />
      <TargetsTable source="Meta" targets={list.filter((t) => t.source === 'Meta')} onSave={save} onDelete={del} />
      <TargetsTable source="Google" targets={list.filter((t) => t.source === 'Google')} onSave={save} onDelete={del} />
      <SalesProgressChart targets={list} />
    </div>
  );
}
