import Dispatch
import KotlinBridge
import Locking
import Observation

/// The renderer: builds and updates the node tree from view values, runs lifecycle actions after
/// each render pass, and records frames. Non-generic; `HeadlessHost` is its public face.
@MainActor
final class HostCore {
  private(set) var root: ViewNode?
  private(set) var frames: [String] = []
  private(set) var renderScheduled = false
  /// Bumped by every invalidation: lets `settle()` see whether anything happened in a round.
  private(set) var changeCount = 0
  /// The Kotlin runtime scope view tasks run in (the one current when the host was created).
  let scope: KotlinRuntimeScope?
  /// What the root view sees before any modifier writes (the host's `scenePhase`).
  private(set) var baseEnvironment = EnvironmentValues()
  /// Changes announced off the main actor's synchronous path (see InvalidationInbox).
  let inbox = InvalidationInbox()
  /// Every view task not finished yet (a restarted `.task(id:)` keeps its old task here until it
  /// ends), so `unmount()` can await them all.
  private var runningTasks: [Int: Task<Void, Never>] = [:]
  private var nextTaskID = 0
  /// View tasks created but not yet run for the first time: while one exists, nothing is quiet.
  private(set) var unstartedTasks: Set<Int> = []

  // Collected during a render pass, applied after it.
  private var appeared: [ViewNode] = []
  private var disappeared: [ViewNode] = []
  private var restartedTasks: [ViewNode] = []
  /// Actions that run after the render pass that queued them (`onChange`), in order.
  var afterCommit: [@MainActor () -> Void] = []

  /// The view tasks' jobs, counted by the test scheduler (see ViewTaskScheduler).
  let jobs: HostJobs
  /// A view-task job is running: its changes are drawn when it ends, not by a scheduled render.
  private var inJob = false

  init(scope: KotlinRuntimeScope?) {
    self.scope = scope
    jobs = HostJobs(scope: scope)
    ViewTaskScheduler.installIfNeeded()
    jobs.attach(self)
  }

  func jobStarted() { inJob = true }

  /// Runs user code the host calls synchronously — a control's action, `onAppear`, `onDisappear`,
  /// `onChange` — so that a `Task` it starts is followed like a view task: the task inherits the
  /// wait observer (once it waits on Kotlin its jobs are counted by `settle()` and drawn per job),
  /// and virtual time holds still until its first slice has run.
  func runUserAction(_ action: () -> Void) {
    KotlinWaitObserver.$current.withValue(jobs, operation: action)
    jobs.holdForOneTurn()
  }

  /// The frame rule: what one view-task job changed is one frame, drawn before anything else runs.
  func jobFinished() {
    inJob = false
    if renderScheduled || inbox.hasPending { flush() }
  }

  func mount(_ view: any View) {
    let node = ViewNode(
      key: ViewNode.Key(key: 0, type: ObjectIdentifier(type(of: view))), parent: nil, host: self, view: view)
    root = node
    update(node, with: view)
    appeared.append(node)
    commit()
  }

  /// Changes what every view inherits and re-renders them all, as a change at the scene does.
  func changeBaseEnvironment(_ change: (inout EnvironmentValues) -> Void) {
    change(&baseEnvironment)
    func markAll(_ node: ViewNode) {
      node.markDirty()
      node.children.forEach(markAll)
    }
    if let root { markAll(root) }
    flush()
  }

  /// Counts a change without scheduling (during a render pass).
  func noteChange() { changeCount += 1 }

  func scheduleRender() {
    changeCount += 1
    guard !renderScheduled else { return }
    renderScheduled = true
    if inJob { return }  // drawn when the job ends
    // A change from outside a view task (test code, a task a button started): drawn at the next
    // main-queue turn — a FIFO turn, so after every job already queued — or at the next
    // render() / settle() / tap(), whichever comes first.
    DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.flushIfScheduled() } }
  }

  private func flushIfScheduled() {
    if renderScheduled { flush() }
  }

  /// Renders every view that changed, then runs lifecycle actions, until nothing is left to do.
  func flush() {
    renderScheduled = false
    inbox.drain()
    var passes = 0
    while let root, Self.hasDirty(root) {
      passes += 1
      precondition(passes < 1_000, "A view invalidates itself on every render (state set in body or onAppear?)")
      renderDirty(root)
      commit()
      inbox.drain()
    }
    recordFrame()
  }

  private static func hasDirty(_ node: ViewNode) -> Bool {
    node.dirty || node.children.contains(where: hasDirty)
  }

  private func renderDirty(_ node: ViewNode) {
    if node.dirty {
      update(node, with: node.view)
    } else {
      for child in node.children { renderDirty(child) }
    }
  }

  // MARK: - Rendering

  private func update(_ node: ViewNode, with view: any View) {
    node.view = view
    node.dirty = false
    if let primitive = view as? any PrimitiveView {
      let content = primitive.makeContent()
      if node.appeared, case .task(let id, _, _) = content.lifecycle, id != node.taskID {
        restartedTasks.append(node)
      }
      node.content = content
      reconcile(node, content.children)
    } else {
      installDynamicProperties(of: view, in: node)
      let body = evaluateBody(view, of: node)
      reconcile(node, [(AnyHashable(0), body)])
    }
  }

  private func installDynamicProperties(of view: Any, in node: ViewNode, prefix: String = "") {
    for child in Mirror(reflecting: view).children {
      guard let label = child.label else { continue }
      if let property = child.value as? any DynamicPropertySlot {
        property.install(in: node, label: prefix + label)
      } else if child.value is any DynamicProperty || child.value is any ViewModifier {
        // A user's property wrapper built from ours (@State, @Environment inside), or a modifier's
        // own wrappers: install those.
        installDynamicProperties(of: child.value, in: node, prefix: prefix + label + ".")
      }
    }
  }

  /// Reads `body`, re-rendering the view when an `@Observable` property it read changes.
  private func evaluateBody(_ view: any View, of node: ViewNode) -> any View {
    func body<V: View>(_ view: V) -> any View { view.body }
    let inbox = self.inbox
    return withObservationTracking {
      body(view)
    } onChange: { [weak node, weak self] in
      inbox.post(node) { self?.flush() }
    }
  }

  private func reconcile(_ node: ViewNode, _ specs: [(key: AnyHashable, view: any View)]) {
    var existing: [ViewNode.Key: ViewNode] = [:]
    for child in node.children { existing[child.key] = child }
    var children: [ViewNode] = []
    children.reserveCapacity(specs.count)
    for spec in specs {
      let key = ViewNode.Key(key: spec.key, type: ObjectIdentifier(type(of: spec.view)))
      if let child = existing.removeValue(forKey: key) {
        update(child, with: spec.view)
        children.append(child)
      } else {
        let child = ViewNode(key: key, parent: node, host: self, view: spec.view)
        update(child, with: spec.view)
        appeared.append(child)
        children.append(child)
      }
    }
    for child in node.children where existing[child.key] === child { disappeared.append(child) }
    node.children = children
  }

  // MARK: - Lifecycle

  /// After a render pass: views that left run `onDisappear` and lose their tasks and state; views
  /// that arrived run `onAppear` and start their tasks; changed `.task(id:)` ids restart.
  private func commit() {
    let leaving = disappeared
    let arriving = appeared
    let restarting = restartedTasks
    disappeared = []
    appeared = []
    restartedTasks = []
    for node in leaving { remove(node) }
    for node in arriving where node.isMounted { appear(node) }
    for node in restarting where node.isMounted {
      node.task?.cancel()
      startTask(node)
    }
    runAfterCommit()
  }

  private func remove(_ node: ViewNode) {
    for child in node.children { remove(child) }
    node.task?.cancel()
    node.task = nil
    if case .onDisappear(let action) = node.content?.lifecycle { runUserAction(action) }
    node.tearDown()
  }

  private func appear(_ node: ViewNode) {
    // Children first appear with their parent; each node appears once per identity.
    guard !node.appeared else { return }
    node.appeared = true
    switch node.content?.lifecycle {
    case .onAppear(let action): runUserAction(action)
    case .task: startTask(node)
    default: break
    }
    for child in node.children { appear(child) }
  }

  private func startTask(_ node: ViewNode) {
    guard case .task(let id, let priority, let action) = node.content?.lifecycle else { return }
    node.taskID = id
    let scope = self.scope
    let key = nextTaskID
    let jobs = self.jobs
    let address = Locked<UInt?>(nil)
    let task = Task(priority: priority) { [weak self] in
      // First slice (counted by `unstartedTasks` until here): from now on every job of this task
      // is counted and drawn by the host. What this slice changes is drawn at the next main-queue
      // turn (scheduleRender's FIFO fallback), before anything Kotlin answers.
      let registered = ViewTaskScheduler.registerCurrentTask(with: jobs)
      address.withLock { $0 = registered }
      self?.unstartedTasks.remove(key)
      await KotlinWaitObserver.$current.withValue(jobs) {
        if let scope {
          await KotlinRuntimeScope.$current.withValue(scope) { await action.run() }
        } else {
          await action.run()
        }
      }
    }
    jobs.holdForOneTurn()  // until the task's first slice (queued just now) has run
    node.task = task
    nextTaskID += 1
    runningTasks[key] = task
    unstartedTasks.insert(key)
    Task { [weak self] in
      await task.value  // the handle is still held: the task's address cannot be reused yet
      if let registered = address.withLock({ $0 }) { ViewTaskScheduler.unregister(registered) }
      self?.runningTasks[key] = nil
    }
  }

  /// Removes the whole tree (tasks cancelled, `onDisappear` run) and waits for the view tasks to end.
  func unmount() async {
    if let root {
      remove(root)
      self.root = nil
    }
    recordFrame()
    let tasks = Array(runningTasks.values)
    runningTasks.removeAll()
    unstartedTasks.removeAll()
    for task in tasks { await task.value }
  }

  var runningTaskCount: Int { runningTasks.count }

  // MARK: - Frames and buttons

  private func recordFrame() {
    let frame = currentFrame()
    if frames.last != frame { frames.append(frame) }
  }

  func currentFrame() -> String {
    var lines: [String] = []
    func draw(_ node: ViewNode, depth: Int) {
      let extras = node.content?.extras
      if let isVisible = extras?.isVisible, !isVisible(node) { return }
      var childDepth = depth
      if let line = extras?.line?(node) ?? node.content?.line {
        lines.append(String(repeating: "  ", count: depth) + line)
        childDepth += 1
      }
      if extras?.hidesChildren == true {
        // A label is folded into its control's line; a control inside it (a toggle in a button's
        // label) is drawn under that line.
        for nested in node.controlsInLabel { draw(nested, depth: childDepth) }
        return
      }
      for child in node.children { draw(child, depth: childDepth) }
    }
    if let root { draw(root, depth: 0) }
    return lines.joined(separator: "\n")
  }

  func buttons() -> [(title: String, action: @MainActor () -> Void)] {
    var result: [(title: String, action: @MainActor () -> Void)] = []
    func collect(_ node: ViewNode) {
      if let button = node.content?.button { result.append(button) }
      for child in node.children { collect(child) }
    }
    if let root { collect(root) }
    return result
  }
}
