import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { driftApi, type DriftState, type RebuildRun } from '@mello/contracts';
import { callRoute, routeKey, routeQuery } from '../../api/call';
import { errorMessage } from '../../api/http';
import { showToast } from '../../components/toaster';
import { watchDrift } from '../../live/socket';

/** The console's state (contracts/src/admin/drift-api.ts, admin only); its key derives from the contract. */
export const driftStateKey = routeKey(driftApi.state);
export const useDriftState = () => useQuery(routeQuery(driftApi.state));

/** A run's newest report into the cached state: the running rebuild, and its row in the list of runs. */
export function withRun(state: DriftState, run: RebuildRun): DriftState {
  const known = state.runs.some((item) => item.id === run.id);
  const runs = known ? state.runs.map((item) => (item.id === run.id ? run : item)) : [run, ...state.runs];
  const rebuild = run.result === 'running' ? run : state.rebuild?.id === run.id ? null : state.rebuild;
  return { ...state, rebuild, runs };
}

/**
 * Live, without reload: every progress report and end of a rebuild (from whichever process runs it) and the
 * projections' statuses go into the cached state as the server pushes them; a run that ended also refetches
 * the whole state (the checkpoints moved).
 */
export function useLiveDrift(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      watchDrift({
        onRun: (run) => {
          client.setQueryData<DriftState>(driftStateKey, (state) => (state ? withRun(state, run) : state));
          if (run.result !== 'running') void client.invalidateQueries({ queryKey: driftStateKey });
        },
        onProjections: (projections) => client.setQueryData<DriftState>(driftStateKey, (state) => (state ? { ...state, projections } : state)),
      }),
    [client],
  );
}

const failed = (fallback: string) => (error: Error) => showToast({ title: 'Fel', description: errorMessage(error, fallback), type: 'error' });

/** POST …/rebuilds {target}: 202 with the run, which goes into the state at once; 409 while another runs. */
export function useStartRebuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: string) => callRoute(driftApi.rebuild, { body: { target } }),
    onSuccess: (run) => client.setQueryData<DriftState>(driftStateKey, (state) => (state ? withRun(state, run) : state)),
    onError: failed('Kunde inte starta ombyggnaden'),
  });
}

export function useCancelRebuild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(driftApi.cancel, { params: { id } }),
    onSuccess: (run) => client.setQueryData<DriftState>(driftStateKey, (state) => (state ? withRun(state, run) : state)),
    onError: failed('Kunde inte avbryta ombyggnaden'),
  });
}

export function useRetryProjection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callRoute(driftApi.retry, { params: { name } }),
    onSuccess: (_answer, name) => {
      showToast({ title: 'Försöker igen', description: `Projektionen ${name} försöker igen från händelsen den stannade på.`, type: 'info' });
      return client.invalidateQueries({ queryKey: driftStateKey });
    },
    onError: failed('Kunde inte försöka igen'),
  });
}
