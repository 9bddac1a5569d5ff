import type { Signature } from './types.ts';

/**
 * Round 23: machines stopped by their hypervisor or cloud. A virtual machine that is off runs no kubelet: from the
 * control plane's side the node is cut off until it is started again, and why it stopped (its host out of memory and
 * killing its process, a crash, a stop someone or something ordered) is on the host, not in the guest's own logs.
 * Each rule reads a listing's state as the tool prints it (libvirt's virsh, Proxmox's qm and its task log, VMware's
 * govc, PowerCLI and vSphere events, Azure's and AWS's CLIs, gcloud, OpenStack, Hyper-V), or cluster-api's
 * MachineHealthCheck marking the machine, or a person saying the machine was found so.
 */

/** A sentence's own characters (no sentence end between). */
const SAME_SENTENCE = '(?:[^\\n.;!?。；！？]|\\.[^ \\n])';
/** A suggestion, a plan, a question or a denial: not an observation of the machine's state. */
const NOT_SEEN =
  '(?:\\b(?:[Mm]ay|[Mm]ight|[Cc]ould|[Ss]hould|[Ww]ould|[Ww]ill|[Ii]f|[Ww]henever|[Ww]hether|[Bb]efore|[Pp]lanned|[Ss]chedule[ds]?|to be|not|never|no longer|[Ww]asn.t|[Ii]sn.t)\\b|\\?|如果|是否|计划|将|不是|没有|未被)';

export const HYPERVISOR_RULES: readonly Signature[] = [
  {
    // libvirt's state names (tools/virsh-domain-monitor.c virshDomainStateToString: "running", "idle", "paused",
    // "in shutdown", "shut off", "crashed", "pmsuspended"), printed in `virsh list --all`'s State column (" Id  Name
    // State", "-" as the Id of an inactive domain), by `virsh domstate` alone or with "(reason)" (--reason), and after
    // "State:" in `virsh dominfo`.
    // Proxmox VE's qemu-server and pve-container: `qm status VMID` / `pct status` print "status: stopped". The stop and shutdown paths (PVE/QemuServer.pm vm_stop,
    // vm_qmp_command) die with "VM quit/powerdown failed - got timeout" or warn "… - terminating now with SIGTERM"
    // when the guest does not power down: the guest no longer answers, and the task log shows the status cut short.
    // Google Compute Engine: an instance stopped is TERMINATED (status: PROVISIONING, STAGING, RUNNING, STOPPING,
    // SUSPENDING, SUSPENDED, TERMINATED), as `gcloud compute instances describe` ("status: TERMINATED") prints it;
    // OpenStack's server status SHUTOFF in the CLI's tables ("| status | SHUTOFF |"); Hyper-V's Get-VM State Off with
    // nothing assigned ("Name State CPUUsage(%) MemoryAssigned(M) Uptime Status").
    fact: 'node.vm_stopped',
    // OpenRC's service status (" * status: stopped") is a service's, not a machine's.
    unless: '\\* status: stopped',
    pattern:
      '(?:[0-9]+|-) +[^ \\n]+ +shut off|State: +shut off|shut off \\((?:shutdown|destroyed|crashed|failed|unknown|saved|migrated|from snapshot|daemon)\\)|status: stopped|VM quit/powerdown|status: (?:TERMINATED|SUSPENDED|STOPPING)|\\| *SHUTOFF *\\||[^ \\n]+ +Off +0 +0 +00:00:00(?:\\.0+)? +Operating normally',
    literals: [
      'shut off',
      'status: stopped',
      'VM quit/powerdown',
      'status: TERMINATED',
      'status: SUSPENDED',
      'status: STOPPING',
      'SHUTOFF',
      'Operating normally',
    ],
    source:
      'libvirt tools/virsh-domain-monitor.c virshDomainStateToString and virshDomainStateReasonToString (N_("shut off"), N_("crashed"); every release since 0.9), cmdList, cmdDomstate, tools/virsh-domain-info.c cmdDominfo ("State:"); proxmox qemu-server PVE/CLI/qm.pm status ("status: $status"), PVE/QemuServer.pm vm_stop ("VM quit/powerdown failed - got timeout", "VM quit/powerdown failed - terminating now with SIGTERM"); pve-container src/PVE/CLI/pct.pm status; Google Compute Engine API Instance.status (TERMINATED for a stopped instance); OpenStack Compute API server status SHUTOFF (python-openstackclient table); Hyper-V PowerShell Get-VM (State Off, Status "Operating normally")',
    mechanism:
      "the node's virtual machine is off in its hypervisor's listing (libvirt shut off, Proxmox stopped or not powering down, GCE TERMINATED, OpenStack SHUTOFF, Hyper-V Off): no kubelet runs, so the node is cut off until the machine is started again",
  },
  {
    // VMware: the vSphere API's VirtualMachinePowerState (poweredOn, poweredOff, suspended) as govc vm.info prints it
    // ("Power state:  poweredOff"), as PowerCLI's Get-VM prints it (PowerState : PoweredOff, or a table row "Name
    // PowerState NumCPUs MemoryGB") and in JSON ("powerState": "poweredOff"); vCenter's VmPoweredOffEvent and
    // VmSuspendedEvent ("{vm.name} on {host.name} in {datacenter.name} is powered off", "… is suspended").
    // Azure: the instance view's power state ("code": "PowerState/deallocated", "displayStatus": "VM deallocated";
    // PowerState/stopped is "VM stopped", still allocated), as `az vm get-instance-view` and `az vm list -d`
    // ("powerState": "VM deallocated") print it, and in a table's column.
    // AWS EC2: the instance state (InstanceState Name: pending, running, shutting-down, terminated, stopping,
    // stopped; Code 80 stopped) in describe-instances' JSON ("Name": "stopped"), and StateReason codes of a stop the instance or the platform made.
    fact: 'node.vm_stopped',
    pattern:
      '[Pp]ower ?[Ss]tate"? *[:=] *"?(?:[Pp]owered[Oo]ff|[Ss]uspended)|[^ \\n]+ +PoweredOff +[0-9]+ +[0-9.]+| on [^ \\n]+ in [^ \\n]+ is (?:powered off|suspended)|PowerState/(?:deallocated|deallocating|stopped|stopping)|"VM (?:deallocated|deallocating|stopped|stopping)"|[^ \\n] {2,}VM (?:deallocated|stopped)|"Name": "(?:stopped|stopping|shutting-down|terminated)"|(?:Client\\.(?:InstanceInitiatedShutdown|UserInitiatedShutdown)|Server\\.(?:ScheduledStop|SpotInstanceShutdown|SpotInstanceTermination|InternalError)):',
    literals: [
      'poweredoff',
      'powerstate',
      'power state',
      'is powered off',
      'is suspended',
      'PowerState/',
      'VM deallocat',
      'VM stopp',
      '"Name": "stopped"',
      '"Name": "stopping"',
      '"Name": "shutting-down"',
      '"Name": "terminated"',
      'InitiatedShutdown:',
      'Server.ScheduledStop:',
      'Server.SpotInstance',
      'Server.InternalError:',
    ],
    source:
      'VMware vSphere Web Services API vim.VirtualMachine.PowerState (poweredOff, suspended); govmomi govc/vm/info.go ("Power state:"); PowerCLI Get-VM PowerState; vCenter event catalogue VmPoweredOffEvent, VmSuspendedEvent ("{vm.name} on {host.name} in {datacenter.name} is powered off"); Azure Compute REST API VirtualMachineInstanceView statuses (PowerState/running, /stopped, /deallocated, /deallocating, /stopping; displayStatus "VM stopped", "VM deallocated"); azure-cli az vm get-instance-view, az vm list --show-details powerState; AWS EC2 API InstanceState (Name stopped, code 80; stopping 64; shutting-down 32; terminated 48) and StateReason codes (Client.InstanceInitiatedShutdown, Client.UserInitiatedShutdown, Server.ScheduledStop, Server.SpotInstanceShutdown, Server.SpotInstanceTermination, Server.InternalError); aws ec2 describe-instances',
    mechanism:
      "the node's virtual machine is powered off, suspended, stopped or deallocated by its platform (vSphere, Azure, EC2): no kubelet runs, so the node is cut off until it is started",
  },
  {
    // cluster-api's MachineHealthCheck: the event "Machine %s has been marked as unhealthy by %s" (older "Machine %v
    // has been marked as unhealthy") and the condition's message "Health check failed: Condition %s on Node is
    // reporting status %s for more than %s" (v1beta1: "Condition %s on node is reporting status %s for more than
    // %s"). They are the control plane's view of a node gone silent or NotReady, before it deletes the machine.
    fact: 'node.controller_not_ready',
    pattern:
      'Machine \\S+ has been marked as unhealthy|Condition Ready on [Nn]ode is reporting status (?:Unknown|False) for more than',
    literals: ['has been marked as unhealthy', 'is reporting status'],
    source:
      'kubernetes-sigs/cluster-api internal/controllers/machinehealthcheck/machinehealthcheck_controller.go patchUnhealthyTargets (EventMachineMarkedUnhealthy) and machinehealthcheck_targets.go needsRemediation (MachineHealthCheckUnhealthyNodeReason), v0.3 onwards',
    mechanism:
      "cluster-api's health check found the machine's node silent or NotReady past its timeout and marked the machine for remediation: the control plane's view of a node cut off",
  },
  {
    // People's words: a virtual machine or instance found, or said to be, stopped, shut off, powered off or
    // deallocated ("the VM was found in a stopped state", "VM 1022 is stopped", "虚拟机已关机", "虚拟机处于关机状态").
    // "stopped responding" is a hang, not a state, and is not read here.
    fact: 'node.vm_stopped',
    pattern: `(?:VM|vm|[Vv]irtual [Mm]achine|[Gg]uest|[Ii]nstance|[Dd]omain)s?(?: [0-9]{2,9})?${SAME_SENTENCE}{0,40} (?:was|were|is|are|been|found|stays?|stayed|remained|left)(?: (?:found|in|an?|the|already|still|again|completely))*[ :]+["'“]?(?:stopped|shut ?off|powered[ -]?off|poweredOff|deallocated)|(?:虚拟机|虛擬機|云主机|雲主機|实例|實例)${SAME_SENTENCE}{0,12}(?:已|被|处于|處於|是)(?:经|經)?(?:关机|關機|停止|关闭|關閉|断电|斷電)`,
    literals: [
      'stopped',
      'shut off',
      'shutoff',
      'powered off',
      'powered-off',
      'poweredoff',
      'deallocated',
      '虚拟机',
      '虛擬機',
      '云主机',
      '雲主機',
      '实例',
      '實例',
    ],
    observation: true,
    prose: true,
    unlessSaid: NOT_SEEN,
    specific:
      'a machine stopped or powered off is a state its hypervisor records (libvirt "shut off", vSphere poweredOff, Proxmox stopped, Azure deallocated): nothing runs on it, so its node is cut off',
    source:
      "observation: a person reporting the node's virtual machine in its hypervisor's stopped state (libvirt, Proxmox, vSphere, Azure, EC2), as the listings above print it",
    mechanism:
      "the node's virtual machine was found stopped or powered off: no kubelet runs on it, so the node is cut off until it is started; why it stopped is on its host",
  },
];
