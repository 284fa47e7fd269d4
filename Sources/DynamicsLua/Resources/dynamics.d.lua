---@meta dynamics
-- Lua language-server annotations for the `dynamics` module (Dynamics, UIKit Dynamics for
-- every platform). Save this file in your project (`dynamics types > dynamics.d.lua`) or in a
-- folder listed in `workspace.library` of .luarc.json, and lua-language-server completes and
-- checks scenes, plugins and tests. Reference: docs/lua-api.md; units: docs/units.md.
--
-- Units: points, y grows downward; angles in radians, positive turns clockwise on screen;
-- seconds; forces in UIKit Newtons (1 accelerates mass 1 at 100 pt/s²).

-- ── Values ────────────────────────────────────────────────────────────────────────────────

---A point or vector: `{x, y}` or `{x = x, y = y}` (points, or pt/s for velocities).
---Values read back from the module are `{x = x, y = y}` tables.
---@alias dynamics.Point { x: number, y: number }|number[]

---A size read back from an item: `{width = w, height = h}` (also `[1]`, `[2]`), points.
---@class dynamics.Size
---@field width number
---@field height number
---@field [1] number
---@field [2] number

---A rectangle: `{x, y, width, height}` or `{x = , y = , width = , height = }` (points).
---@alias dynamics.Rect { x: number, y: number, width: number, height: number }|number[]

---An item's collision shape: a rectangle (default), the inscribed ellipse, or a convex
---polygon given as at least 3 points relative to the item's center.
---@alias dynamics.Shape "rectangle"|"ellipse"|dynamics.Point[]

---What a collision behavior makes collide.
---@alias dynamics.CollisionMode "everything"|"items"|"boundaries"

---A push acts every step as a force, or once as an impulse.
---@alias dynamics.PushMode "continuous"|"instantaneous"

---The kind of an attachment.
---@alias dynamics.AttachmentType "spring"|"sliding"|"limit"|"fixed"|"pin"

---The phase of a pointer event.
---@alias dynamics.PointerPhase "began"|"moved"|"ended"|"cancelled"

---A boundary identifier.
---@alias dynamics.BoundaryId string|number

---A custom field: returns the force on one item, UIKit Newtons.
--- `position` and `velocity` are one pair of tables refilled for every item and call: copy their numbers to keep them.
---@alias dynamics.FieldFunction fun(position: dynamics.Point, velocity: dynamics.Point, mass: number, charge: number, time: number): number, number

-- ── The module ────────────────────────────────────────────────────────────────────────────

---The `dynamics` module: `local dyn = require "dynamics"` (also the global `dynamics`).
---@class dynamics
dynamics = {}

---@class dynamics.AnimatorOptions
---@field bounds? dynamics.Rect the reference bounds (points); omit for abstract coordinates

---Makes an animator, the object that ticks behaviors over items.
---@param options? dynamics.AnimatorOptions
---@return dynamics.Animator
function dynamics.animator(options) end

---@class dynamics.ItemOptions
---@field size dynamics.Point required: width and height (points, > 0)
---@field center? dynamics.Point default {0, 0}
---@field shape? dynamics.Shape default "rectangle"
---@field name? string shown in traces, the viewer and messages
---@field angle? number initial rotation (radians)
---@field style? dynamics.Style how it looks in the viewer and SVG output

---A color: "#rgb", "#rgba", "#rrggbb", "#rrggbbaa", a CSS color name, or {r, g, b, a?} in 0…1.
---@alias dynamics.Color string|number[]|{ r: number, g: number, b: number, a?: number }

---A font: a size in points, "16px bold" (a size and a weight name or 100…900), or {size, weight}.
---@alias dynamics.Font number|string|{ size?: number, weight?: string|integer }

---How an item looks: drawn in the live viewer and in SVG output alike, turned with the item.
---Unknown keys are errors; see docs/lua-api.md ("Styles").
---@class dynamics.Style
---@field fill? dynamics.Color the shape's fill (none without it)
---@field stroke? dynamics.Color the outline (none without it)
---@field strokeWidth? number points, 0…100 (default 1)
---@field cornerRadius? number points (rectangles; drawn at most half the shorter side)
---@field shadow? boolean|{ color?: dynamics.Color, offset?: dynamics.Point, radius?: number } cast by the fill; true: {color = "#00000040", offset = {0, 2}, radius = 6}
---@field opacity? number 0…1 (default 1)
---@field text? string at most 1000 characters, centered, wrapped to the width, clipped to the shape
---@field font? dynamics.Font default 15 pt regular (weights: thin, ultralight, light, regular, medium, semibold, bold, heavy, black)
---@field textColor? dynamics.Color default "#1d1d1d"
---@field image? string a PNG, JPEG or SVG file relative to the scene's folder (at most 2 MiB, 32 files a scene)

---Makes a dynamic item.
---@param options dynamics.ItemOptions
---@return dynamics.Item
function dynamics.item(options) end

---@class dynamics.GravityOptions
---@field items? dynamics.Item[]
---@field direction? dynamics.Point default {0, 1}; length 1 = 1000 pt/s²
---@field angle? number radians (instead of direction: not both)
---@field magnitude? number 1 = 1000 pt/s²

---Constant acceleration of its items.
---@param options? dynamics.GravityOptions
---@return dynamics.Gravity
function dynamics.gravity(options) end

---@class dynamics.CollisionOptions
---@field items? dynamics.Item[]
---@field mode? dynamics.CollisionMode default "everything"
---@field boundsAsBoundary? boolean the animator's bounds as a boundary
---@field insets? number[] {top, left, bottom, right}: the bounds as a boundary, inset (points)
---@field boundaryElasticity? number of this behavior's boundaries, ≥ 0 (default 0)
---@field boundaryFriction? number of this behavior's boundaries, ≥ 0 (default 0.2)
---@field onBegan? fun(item: dynamics.Item, other: dynamics.Item|dynamics.BoundaryId|nil, point: dynamics.Point)
---@field onEnded? fun(item: dynamics.Item, other: dynamics.Item|dynamics.BoundaryId|nil)

---Makes items collide with each other and with boundaries.
---@param options? dynamics.CollisionOptions
---@return dynamics.Collision
function dynamics.collision(options) end

---@class dynamics.ItemBehaviorOptions
---@field items? dynamics.Item[]
---@field elasticity? number ≥ 0, default 0.2
---@field friction? number ≥ 0, default 0.2
---@field density? number > 0, default 1 (mass = density × w × h / 10 000)
---@field resistance? number ≥ 0, default 0.1 (v ← v / (1 + h·resistance) per step h)
---@field angularResistance? number ≥ 0, default 0.1
---@field allowsRotation? boolean default true
---@field anchored? boolean default false: an anchored item does not move but others hit it
---@field charge? number for electric and magnetic fields, default 0

---Item properties: elasticity, friction, density, resistance, rotation, anchoring, charge.
---@param options? dynamics.ItemBehaviorOptions
---@return dynamics.ItemBehavior
function dynamics.itemBehavior(options) end

---@class dynamics.CompositeOptions
---@field items? dynamics.Item[] items the action works on (`self.items`)
---@field children? dynamics.Behavior[]
---@field action? fun(self: dynamics.CompositeBehavior, dt: number) called after every frame

---A behavior made of child behaviors, with an optional per-frame action.
---@param options? dynamics.CompositeOptions
---@return dynamics.CompositeBehavior
function dynamics.behavior(options) end

---@class dynamics.AttachmentOptions
---@field item dynamics.Item required
---@field anchor? dynamics.Point a fixed point (an item-to-anchor attachment, or the joint point of sliding/fixed/pin)
---@field to? dynamics.Item the second item
---@field offset? dynamics.Point attachment point on `item`, from its center in its own axes (points)
---@field offsetTo? dynamics.Point attachment point on `to`, from its center in its own axes (points)
---@field length? number rest length (points); default: the distance when made
---@field frequency? number Hz; 0 (default) is a rigid rod
---@field damping? number damping ratio, 1 = critical
---@field type? dynamics.AttachmentType default "spring"
---@field axis? dynamics.Point unit axis of a sliding attachment, default {1, 0}
---@field range? number[] {min, max}: angle limits of a pin (radians), or translation limits of a slide (points); must contain 0
---@field frictionTorque? number pin: torque (UIKit N·pt) resisting turning; sliding: force (UIKit N) resisting sliding
---@field spring? dynamics.Spring sets frequency and damping from a spring of any dialect (not with them)

---Attaches an item to an anchor or to another item.
---@param options dynamics.AttachmentOptions
---@return dynamics.Attachment
function dynamics.attachment(options) end

---@class dynamics.SnapOptions
---@field item dynamics.Item required
---@field point? dynamics.Point default: the item's center
---@field damping? number 0…1, default 0.5
---@field frequency? number Hz, > 0, default 3.59 (UIKit's pace)
---@field spring? dynamics.Spring sets frequency and damping (damping ratio ≤ 1; not with them)

---Pulls an item to a point and turns it upright.
---@param options dynamics.SnapOptions
---@return dynamics.Snap
function dynamics.snap(options) end

---@class dynamics.PushOptions
---@field items? dynamics.Item[]
---@field mode? dynamics.PushMode default "continuous"
---@field direction? dynamics.Point the push vector (magnitude = its length)
---@field angle? number radians (instead of direction: not both)
---@field magnitude? number UIKit Newtons (continuous) or UIKit Newton-seconds (instantaneous)
---@field active? boolean an instantaneous push fires when it becomes active

---A force (continuous) or an impulse (instantaneous) on items.
---@param options? dynamics.PushOptions
---@return dynamics.Push
function dynamics.push(options) end

---@class dynamics.ReleaseOptions
---@field item dynamics.Item
---@field targets? dynamics.Point[] where it may come to rest (the nearest to the projected point wins)
---@field target? fun(projected: dynamics.Point): dynamics.Point chooses instead of `targets`
---@field frequency? number the spring's frequency (Hz), default 1/0.55
---@field damping? number the spring's damping ratio, default 0.825
---@field decelerationRate? "normal"|"fast"|number per millisecond: 0.998, 0.99, or a number in (0, 1)
---@field onSettled? fun(target: dynamics.Point) called when the item rests on its target

---What an item does when a drag of it ends: projects the fling, picks a target, springs there
---keeping the release velocity, and calls `onSettled` on arrival.
---@param options dynamics.ReleaseOptions
---@return dynamics.Release
function dynamics.release(options) end

---Returns a constructor for the plugin or built-in registered as `name` (a Lua plugin on the
---search path of the calling code's scene: its behaviors/, the behaviors/ of the test that
---loaded it, each folder of DYNAMICS_PATH).
---The constructor takes `items` and the plugin's params, each of its default's type. A
---built-in (`gravity`, `collision`, `itemBehavior`, `attachment`, `snap`, `push`,
---`field.KIND`) is its `dynamics.*` constructor itself, with that constructor's options.
---@param name string
---@return fun(options: table): dynamics.PluginBehavior
function dynamics.use(name) end

-- ── Springs ───────────────────────────────────────────────────────────────────────────────

---One dialect's keys, all of them (`mass` may be left out): UIKit attachment
---`{frequency, damping}` (Hz, damping ratio); SwiftUI `{response, dampingFraction}`;
---SwiftUI 17 `{duration, bounce}`; Core Animation, UISpringTimingParameters and CSS
---`{mass, stiffness, damping}`; Android `{stiffness, dampingRatio}`; Origami
---`{tension, friction}`; Pop `{bounciness, speed}`. Mixing dialects is an error.
---@class dynamics.SpringOptions
---@field frequency? number UIKit attachment: Hz, 0.001…10 000
---@field damping? number UIKit attachment: the damping ratio; with mass and stiffness: the coefficient c
---@field response? number SwiftUI: seconds (the undamped period)
---@field dampingFraction? number SwiftUI: the damping ratio
---@field duration? number SwiftUI 17: seconds (= response)
---@field bounce? number SwiftUI 17: −1…1 (0 critical, 1 undamped, below 0 overdamped)
---@field mass? number default 1
---@field stiffness? number k, > 0 (k/m in s⁻²)
---@field dampingRatio? number Android: 0 undamped, 1 critical
---@field tension? number Origami value: k = (tension − 30)·3.62 + 194
---@field friction? number Origami value: c = (friction − 8)·3 + 25
---@field bounciness? number Pop: 0…42.5 (Pop's range 0…20)
---@field speed? number Pop: ≥ 0 (Pop's range 0…20)

---A damped spring, read in every dialect (a read-only value; `==` compares values).
---@class dynamics.Spring
---@field frequency number Hz (undamped): a UIKit attachment's frequency
---@field dampingRatio number ζ: 0 undamped, below 1 bouncy, 1 critical, above 1 overdamped
---@field response number SwiftUI: seconds, 1/frequency
---@field dampingFraction number SwiftUI: the damping ratio
---@field duration number SwiftUI 17: seconds (= response)
---@field bounce number SwiftUI 17: 1 − ζ below critical, 1/ζ − 1 above
---@field mass number m
---@field stiffness number k (Android's stiffness is k/m: the same for a spring of mass 1)
---@field damping number the coefficient c (not the ratio: see dampingRatio)
---@field tension number Origami value
---@field friction number Origami value
---@field bounciness number|nil Pop; nil outside Pop's range
---@field speed number|nil Pop; nil outside Pop's range
---@field overshoot number how far the step response passes the target, a fraction of the displacement
---@field period number seconds of the damped oscillation; math.huge when it does not oscillate
local Spring = {}

---Seconds until the step response from rest stays within `tolerance` (a fraction of the
---initial displacement, 0…1 exclusive; default 0.01) of the target: exact, from the closed form.
---@param tolerance? number
---@return number
function Spring:settlingTime(tolerance) end

---Makes a spring from one dialect's keys.
---@param options dynamics.SpringOptions
---@return dynamics.Spring
function dynamics.spring(options) end

-- ── Gesture helpers ───────────────────────────────────────────────────────────────────────

---Pure helpers for fluid gestures (UIKit's habits; the same in Swift's `Gesture`).
---@class dynamics.gesturelib
dynamics.gesture = {}

---The distance a flick travels before it stops: v/1000 · r/(1 − r). A number gives a number,
---a vector a vector (each axis on its own).
---@param velocity number|dynamics.Point pt/s
---@param rate? "normal"|"fast"|number "normal" (0.998, default), "fast" (0.99) or a number in 0…1 (exclusive)
---@return number|dynamics.Point
function dynamics.gesture.project(velocity, rate) end

---UIScrollView's rubber band: content pulled `offset` points past an edge moves
---(1 − 1/(|offset|·c/d + 1))·d, with the sign of `offset`.
---@param offset number points past the edge
---@param dimension number the view's size along the pull (points, > 0)
---@param constant? number > 0, default 0.55
---@return number
function dynamics.gesture.rubberBand(offset, dimension, constant) end

---The target nearest `point` and its index (1-based; the first of equally near ones): points
---and a list of points, or a number and a list of numbers.
---@param point dynamics.Point|number
---@param targets dynamics.Point[]|number[] at least one
---@return dynamics.Point|number target
---@return integer index
function dynamics.gesture.nearest(point, targets) end

-- ── Deterministic math ────────────────────────────────────────────────────────────────────

---Elementary functions with the same bits on every machine of an architecture (Lua's `math.sin`
---and friends come from the platform's C library, whose last bits differ between systems: a
---script that feeds them into the simulation runs differently on a Mac and on Linux). Each
---argument must be a finite number; a result that would not be finite (log of 0, an overflowing
---exp, 0 to a negative power) is an error. Accuracy: within 1–2 units in the last place of the
---platform's result (pow: more for large |y·ln x|); see docs/lua-api.md.
---@class dynamics.mathlib
dynamics.math = {}

---@param x number radians, |x| ≤ 10⁶
---@return number
function dynamics.math.sin(x) end

---@param x number radians, |x| ≤ 10⁶
---@return number
function dynamics.math.cos(x) end

---@param x number radians, |x| ≤ 10⁶
---@return number
function dynamics.math.tan(x) end

---The arc tangent of y in [−π/2, π/2]; with x, the angle of the point (x, y) as `atan2`.
---@param y number
---@param x? number
---@return number radians
function dynamics.math.atan(y, x) end

---The angle of the point (x, y) from the positive x axis, in [−π, π].
---@param y number
---@param x number
---@return number radians
function dynamics.math.atan2(y, x) end

---@param x number at most 709.78
---@return number
function dynamics.math.exp(x) end

---The natural logarithm, or the logarithm in `base`.
---@param x number > 0
---@param base? number > 0, not 1
---@return number
function dynamics.math.log(x, base) end

---x to the power y (a negative x takes a whole y only; 0 a non-negative y only).
---@param x number
---@param y number
---@return number
function dynamics.math.pow(x, y) end

---@param x number ≥ 0
---@return number
function dynamics.math.sqrt(x) end

---√(x² + y²), without overflow on the way.
---@param x number
---@param y number
---@return number
function dynamics.math.hypot(x, y) end

-- ── Fields ────────────────────────────────────────────────────────────────────────────────

---@class dynamics.FieldOptions
---@field items? dynamics.Item[]
---@field position? dynamics.Point where the field is (points)
---@field region? dynamics.Region where it acts, relative to `position` (default: everywhere)
---@field strength? number
---@field falloff? number exponent of the distance falloff
---@field minimumRadius? number distances below this count as this (points)
---@field direction? dynamics.Point for linear gravity, velocity and drag
---@field smoothness? number ≥ 0, noise and turbulence: features of 25 pt × 20^smoothness (0 noisy, 1 smooth at 500 pt, larger above)
---@field animationSpeed? number noise and turbulence

---@class dynamics.CustomFieldOptions: dynamics.FieldOptions
---@field evaluate dynamics.FieldFunction required; return 0, 0 for no force

---Force fields. Each affects only its own items; an item in several fields gets the sum.
---@class dynamics.fieldlib
---Inside a task: waits `seconds` of simulated time (exact to the internal step).
---@param seconds number
---@return true
function dynamics.wait(seconds) end

---Inside a task: waits `count` frames.
---@param count integer
---@return true
function dynamics.waitFrames(count) end

---Inside a task: waits until `condition()` is true (checked after every internal step), or
---`timeout` seconds. With a timeout it keeps the animator stepping.
---@param condition fun(): boolean
---@param timeout? number
---@return boolean met false on timeout
function dynamics.waitUntil(condition, timeout) end

---Inside a task: waits until the items sleep (no items: until the animator pauses), or
---`timeout` seconds. Waiting for rest does not keep the animator stepping.
---@param options? { items?: dynamics.Item[], timeout?: number }
---@return boolean rested false on timeout
function dynamics.waitForRest(options) end

---Inside a task: waits until `item` touches `other` (an item, a boundary identifier; nil:
---anything), or `timeout` seconds.
---@param item dynamics.Item
---@param other? dynamics.Item|string|number
---@param timeout? number
---@return dynamics.Point|nil point where they touch; nil on timeout
function dynamics.waitForContact(item, other, timeout) end

dynamics.field = {}

---Quadratic drag against motion relative to `direction`.
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.drag(options) end

---Turns items around the field's position.
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.vortex(options) end

---Attracts items toward the position (falloff 2).
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.radialGravity(options) end

---Gravity along `direction` (strength 1 = 100 pt/s²).
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.linearGravity(options) end

---Sets items' velocity to 100·direction pt/s inside the region.
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.velocity(options) end

---Smooth, time-varying, seeded noise force.
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.noise(options) end

---Noise scaled by mass and the square of speed.
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.turbulence(options) end

---Hooke's law toward the position: −strength·p (not mass-scaled).
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.spring(options) end

---Pushes charged items apart or together (same signs repel).
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.electric(options) end

---Turns moving charged items (exact rotation).
---@param options? dynamics.FieldOptions
---@return dynamics.Field
function dynamics.field.magnetic(options) end

---A field written in Lua: `evaluate(position, velocity, mass, charge, time)` returns fx, fy.
---@param options dynamics.CustomFieldOptions
---@return dynamics.Field
function dynamics.field.custom(options) end

-- ── Regions ───────────────────────────────────────────────────────────────────────────────

---Regions limit where a field acts (relative to its position).
---@class dynamics.regionlib
dynamics.region = {}

---A disc of `radius` points.
---@param radius number ≥ 0
---@return dynamics.Region
function dynamics.region.circle(radius) end

---A rectangle of `width` × `height` points centered on the field.
---@param width number
---@param height number
---@return dynamics.Region
function dynamics.region.rect(width, height) end

---Everywhere.
---@type dynamics.Region
dynamics.region.infinite = nil

---@class dynamics.Region
local Region = {}

---@param other dynamics.Region
---@return dynamics.Region
function Region:union(other) end

---This region without `other`.
---@param other dynamics.Region
---@return dynamics.Region
function Region:difference(other) end

---@param other dynamics.Region
---@return dynamics.Region
function Region:intersection(other) end

---@return dynamics.Region
function Region:inverse() end

---@param point dynamics.Point
---@return boolean
function Region:contains(point) end

-- ── Animator ──────────────────────────────────────────────────────────────────────────────

---@class dynamics.AnimatorDelegate
---@field didPause? fun() everything came to rest
---@field willResume? fun() something moves again

---A pointer event (the live viewer, recorded tests, scripted gestures).
---@class dynamics.PointerEvent
---@field phase dynamics.PointerPhase
---@field point dynamics.Point where the pointer is (points)
---@field velocity dynamics.Point its displacement over the last `dynamics.pointerVelocityWindow` s, per second (pt/s)
---@field item dynamics.Item|nil the topmost item under the pointer at "began" (the last added where items overlap)
---@field time number simulation time (s)
---@field scripted boolean true for the events of a scripted gesture (`drag`, `tap`)

---A scripted drag (`animator:drag`).
---@class dynamics.DragOptions
---@field item? dynamics.Item the finger goes down on its center (or give `from`)
---@field from? dynamics.Point where the finger goes down
---@field to? dynamics.Point where it ends (or give `by`, or a `path`)
---@field by? dynamics.Point the end, relative to the start
---@field path? dynamics.Point[] points on the way (uniform speed along the route)
---@field at? number the elapsedTime at which it goes down (default: now)
---@field duration? number seconds to the end point (default 0.25)
---@field hold? number seconds held still at the end (default 0)
---@field release? "fling"|"stop" lifted while moving (default), or after holding still

---The window (s) over which pointer velocities are measured (default 0.1; 0.001…10).
---@type number
dynamics.pointerVelocityWindow = 0.1

---@class dynamics.RunOptions
---@field seconds? number how long to run (s); with untilPaused, the limit (default 60)
---@field untilPaused? boolean stop when everything rests
---@field dt? number frame length (s), default 1/60
---@field record? boolean return a record of every frame (a `dynamics.Record`) instead of the time

---Ticks its behaviors over their items on fixed internal steps of 1/120 s.
---@class dynamics.Animator
---@field elapsedTime number seconds simulated (read-only)
---@field isRunning boolean false once everything rests (read-only)
---@field delegate dynamics.AnimatorDelegate|nil
---@field onPointer fun(event: dynamics.PointerEvent): boolean|nil return true to suppress the default drag
---@field host "run"|"test"|"serve" what runs the script (read-only)
local Animator = {}

---Plays a scripted drag on the internal steps: a person's events (began, moved every step,
---ended with the finger's velocity), seen by `onPointer` and the default drag alike.
---@param options dynamics.DragOptions
---@return dynamics.Task
function Animator:drag(options) end

---A tap: began, then ended one internal step later.
---@param options { point: dynamics.Point, at?: number }
---@return dynamics.Task
function Animator:tap(options) end

---@param behavior dynamics.Behavior
function Animator:addBehavior(behavior) end

---@param behavior dynamics.Behavior
function Animator:removeBehavior(behavior) end

function Animator:removeAllBehaviors() end

---@return dynamics.Behavior[]
function Animator:behaviors() end

---One frame of `dt` seconds (default 1/60).
---@param dt? number
function Animator:step(dt) end

---Steps frames of `dt` for `seconds`, or until everything rests. Returns `elapsedTime`, or
---with `record = true` a record of every frame (the frame before the first step included).
---@param options dynamics.RunOptions
---@return number|dynamics.Record elapsedTimeOrRecord
function Animator:run(options) end

---The items whose shapes overlap `rect`.
---@param rect dynamics.Rect
---@return dynamics.Item[]
function Animator:itemsIn(rect) end

---Feeds one pointer event, as the live viewer does (and tests that replay a recording):
---`onPointer` sees it first; unless it returns true, "began" on an item starts the default
---drag and "ended" flings it.
---@param event { phase: dynamics.PointerPhase, x: number, y: number }
---@return boolean handled whether `onPointer` handled it
function Animator:pointer(event) end

---Calls `fn()` once, when `elapsedTime` has advanced by `seconds`. A pending timer keeps the
---animator stepping.
---@param seconds number
---@param fn fun()
---@return dynamics.Timer
function Animator:after(seconds, fn) end

---Calls `fn()` every `seconds` until it returns false or the timer is cancelled.
---@param seconds number
---@param fn fun(): boolean|nil
---@return dynamics.Timer
function Animator:every(seconds, fn) end

---Runs `fn` as a task (a coroutine) on the animator's clock, starting now: inside it,
---`dynamics.wait`, `waitFrames`, `waitUntil`, `waitForRest` and `waitForContact` pause it in
---simulated time, exact to the internal step. An error ends the task and is reported.
---@param fn fun()
---@return dynamics.Task
function Animator:spawn(fn) end

---The animator's state now (items, velocities, sleep, contacts with their warm-start impulses,
---joints, behaviors' state, elapsedTime, timers' due times): `animator:restore(s)` puts it
---back, and stepping on repeats bit for bit what followed the snapshot. Lua values (tables,
---closures, upvalues) are not in it.
---@return dynamics.Snapshot
function Animator:snapshot() end

---Puts back the state `snapshot` holds (one this animator took). An error while a task is
---alive, if the snapshot was taken with one alive, or inside a frame (an action or callback).
---@param snapshot dynamics.Snapshot
function Animator:restore(snapshot) end

---A snapshot made by `animator:snapshot()`; its memory counts against the script's cap.
---@class dynamics.Snapshot
---@field time number the `elapsedTime` it holds (read-only)
---@field items integer items in the world when it was taken (read-only)
---@field bytes integer bytes of engine state it copied (read-only)
---What keeps the animator awake, or what rested last (`animator:explainRest()`). Lists hold
---at most 1000 entries; `itemCount` says how many items there are.
---@class dynamics.RestExplanation
---@field running boolean `isRunning`
---@field time number `elapsedTime` (s)
---@field causes ("movingItems"|"pendingChanges"|"changedDuringFrame"|"heldForces"|"timers"|"tasks")[] the pause decision's conditions that hold now; empty: it may pause
---@field sleepEnabled boolean false: nothing ever rests
---@field tooManyContacts boolean the animator stopped for good (more touching pairs than its contact bound)
---@field restSpeed number the speed under which an item rests (pt/s; 5)
---@field timeToRest number how long an item and what it touches must rest to sleep (s; 0.5)
---@field itemCount integer items not asleep
---@field items dynamics.RestingItem[] items not asleep, fastest first
---@field timers { fireTime: number, interval: number|nil }[] pending timers, soonest first (s)
---@field tasks { waitingFor: "seconds"|"frames"|"until"|"rest"|"contact", dueTime: number|nil, framesLeft: integer, keepsAwake: boolean }[] live tasks
---@field pushes { behavior: dynamics.Push, magnitude: number, items: integer }[] active continuous pushes
---@field fields { behavior: dynamics.Field, kind: string, animationSpeed: number, keepsAwake: boolean, items: integer }[] fields whose force changes with time (animated noise or turbulence, custom); turbulence keeps nothing awake (only moving items feel it)
---@field heldForces dynamics.Item[] items holding a force applied since the last frame
---@field pausedAt number|nil when it paused (s); nil while running
---@field lastRest { item: dynamics.Item|nil, name: string|nil, time: number, count: integer }|nil the last item to fall asleep, when (s), and how many slept in that step
---@field lines string[] the same sentences as `dynamics run --explain-rest`

---An item that is not asleep, and why (`dynamics.RestExplanation.items`).
---@class dynamics.RestingItem
---@field item dynamics.Item
---@field name string its name as messages show it
---@field speed number pt/s
---@field velocity dynamics.Point pt/s
---@field angularVelocity number rad/s
---@field turnSpeed number speed of its furthest point due to the turn (pt/s)
---@field stepDistance number how far it moved in the last internal step (pt)
---@field restThreshold number the speed it must stay under to rest (pt/s)
---@field restedFor number how long it has rested (s)
---@field reason "aboveRestSpeed"|"creeping"|"unbalancedForce"|"woken"|"settling"|"heldAwakeByNeighbour"|"sleepDisabled"
---@field unbalancedForce boolean touches nothing, nothing holds it, and a force acts: it cannot come to rest
---@field acceleration number of the forces on it over the last step, gravity included (pt/s²)
---@field touching boolean touches an item or boundary
---@field attachments integer attachments and snaps holding it
---@field sentence string the line `lines` has for it

---What keeps the animator awake now (items and why, timers, tasks, pushes, time-dependent
---fields), or, once it paused, what rested last and when. Read-only: it changes nothing.
---@return dynamics.RestExplanation
function Animator:explainRest() end

---A task made by `animator:spawn`.
---@class dynamics.Task
---@field done boolean true once it finished, failed or was cancelled (read-only)
---@field cancelled boolean true once cancelled (read-only)
---@field error string|nil why it failed, with file:line (read-only)
local Task = {}

---Ends the task: it is never resumed. Also from inside the task (it ends at its next wait).
function Task:cancel() end

---A pending `after`/`every` timer. Timers fire right after the internal step (1/120 s) in
---which their time falls, before that frame's actions, in the order they were made; a timer
---whose function raises is cancelled.
---@class dynamics.Timer
---@field time number the `elapsedTime` at which it fires next (read-only)
---@field interval number|nil the period of an `every` timer; nil for `after` (read-only)
---@field cancelled boolean true once cancelled or finished (read-only)
local Timer = {}

---Stops the timer; it never fires again.
function Timer:cancel() end

-- ── Item ──────────────────────────────────────────────────────────────────────────────────

---A dynamic item: a center, a size and a rotation the animator moves.
---@class dynamics.Item
---@field center dynamics.Point points
---@field angle number radians, positive clockwise on screen
---@field velocity dynamics.Point pt/s (set: the item must be in an animator)
---@field angularVelocity number rad/s
---@field size dynamics.Size points (read-only)
---@field mass number density × area / 10 000 (read-only)
---@field name string|nil (read-only)
---@field style dynamics.Style|nil how it looks (read back with colors as "#rrggbbaa", the font as {size, weight}); set nil for a debug box
local Item = {}

---A force for this step, UIKit Newtons, optionally at an offset from the center (points).
---@param force dynamics.Point
---@param offset? dynamics.Point
function Item:applyForce(force, offset) end

---An impulse, UIKit Newton-seconds (Δv = 100·impulse/mass pt/s), optionally off-center.
---@param impulse dynamics.Point
---@param offset? dynamics.Point
function Item:applyImpulse(impulse, offset) end

---A torque for this step.
---@param torque number
function Item:applyTorque(torque) end

---The velocity without a table: vx, vy (pt/s).
---@return number vx
---@return number vy
function Item:getVelocity() end

---Sets the velocity (pt/s) without a table.
---@param vx number
---@param vy number
function Item:setVelocity(vx, vy) end

---The center without a table: x, y (points).
---@return number x
---@return number y
function Item:getCenter() end

---Moves the item (points) without a table.
---@param x number
---@param y number
function Item:setCenter(x, y) end

---The rotation (radians).
---@return number
function Item:getAngle() end

---Sets the rotation (radians).
---@param angle number
function Item:setAngle(angle) end

-- ── Behaviors ─────────────────────────────────────────────────────────────────────────────

---@class dynamics.Release: dynamics.Behavior
---@field targets dynamics.Point[]
---@field target dynamics.Point|nil the last release's target (read-only)
---@field projected dynamics.Point|nil where the last release's fling would have carried the item (read-only)
---@field settled boolean true once the item rests on its target (read-only)
---@field frequency number
---@field damping number
---@field decelerationRate number
---@field spring dynamics.Spring sets frequency and damping from a spring of any dialect (write-only)
---@field onSettled fun(target: dynamics.Point) (write-only)
local Release = {}

---Releases the item with `velocity` (pt/s), as the end of a drag does.
---@param velocity dynamics.Point
function Release:release(velocity) end

---Takes the item off its spring, as a new drag does.
function Release:grab() end

---Every behavior: items, children.
---@class dynamics.Behavior
---@field items dynamics.Item[] (read-only; use addItem/removeItem)
---@field children dynamics.Behavior[] (read-only; use addChild/removeChild)
local Behavior = {}

---@param child dynamics.Behavior
function Behavior:addChild(child) end

---@param child dynamics.Behavior
function Behavior:removeChild(child) end

---@param item dynamics.Item
function Behavior:addItem(item) end

---@param item dynamics.Item
function Behavior:removeItem(item) end

---@class dynamics.Gravity: dynamics.Behavior
---@field direction dynamics.Point length 1 = 1000 pt/s²
---@field angle number radians
---@field magnitude number 1 = 1000 pt/s²

---@class dynamics.Collision: dynamics.Behavior
---@field mode dynamics.CollisionMode
---@field boundsAsBoundary boolean
---@field insets number[] {top, left, bottom, right} (write-only)
---@field boundaryElasticity number of this behavior's boundaries, ≥ 0
---@field boundaryFriction number of this behavior's boundaries, ≥ 0
---@field onBegan fun(item: dynamics.Item, other: dynamics.Item|dynamics.BoundaryId|nil, point: dynamics.Point)|nil
---@field onEnded fun(item: dynamics.Item, other: dynamics.Item|dynamics.BoundaryId|nil)|nil
local Collision = {}

---A boundary segment from `from` to `to`, or a path through a list of points.
---@param id dynamics.BoundaryId
---@param from dynamics.Point|dynamics.Point[]
---@param to? dynamics.Point
function Collision:addBoundary(id, from, to) end

---@param id dynamics.BoundaryId
function Collision:removeBoundary(id) end

---@class dynamics.ItemBehavior: dynamics.Behavior
---@field elasticity number
---@field friction number
---@field density number
---@field resistance number
---@field angularResistance number
---@field allowsRotation boolean
---@field anchored boolean
---@field charge number
local ItemBehavior = {}

---@param item dynamics.Item one of this behavior's items
---@param velocity dynamics.Point pt/s
function ItemBehavior:addLinearVelocity(item, velocity) end

---@param item dynamics.Item one of this behavior's items
---@param w number rad/s
function ItemBehavior:addAngularVelocity(item, w) end

---@class dynamics.CompositeBehavior: dynamics.Behavior
---@field action fun(self: dynamics.CompositeBehavior, dt: number)|nil

---@class dynamics.Attachment: dynamics.Behavior
---@field anchor dynamics.Point attachments to an anchor only
---@field length number points (spring, limit)
---@field frequency number Hz (0: rigid; spring)
---@field damping number damping ratio (spring)
---@field frictionTorque number pin: UIKit N·pt; sliding: UIKit N
---@field range number[]|nil {min, max} (pin: rad, sliding: pt); nil or an infinite end: no limit
---@field type dynamics.AttachmentType (read-only)
---@field item dynamics.Item (read-only) the first item
---@field to dynamics.Item|nil (read-only) the second item; nil for an anchor
---@field offset dynamics.Point (read-only) where it holds the first item, from its center in its axes (points)
---@field offsetTo dynamics.Point|nil (read-only) the same on the second item; nil for an anchor
---@field axis dynamics.Point|nil (read-only) a sliding attachment's axis as given; nil for the others
---@field spring dynamics.Spring|nil frequency and damping as a spring (spring attachments); nil: a rigid rod

---@class dynamics.Snap: dynamics.Behavior
---@field point dynamics.Point
---@field damping number 0…1
---@field frequency number Hz, > 0 (default 3.59, UIKit's pace)
---@field spring dynamics.Spring frequency and damping as a spring (setting one: damping ratio ≤ 1)

---@class dynamics.Push: dynamics.Behavior
---@field mode dynamics.PushMode (read-only)
---@field direction dynamics.Point
---@field angle number radians
---@field magnitude number
---@field active boolean
local Push = {}

---Pushes `item` (one of this push's items) at `offset` from its center (points, each
---component within ±1e6) instead of at the center.
---@param item dynamics.Item
---@param offset dynamics.Point
function Push:setTargetOffset(item, offset) end

---@class dynamics.Field: dynamics.Behavior
---@field position dynamics.Point
---@field region dynamics.Region
---@field strength number
---@field falloff number
---@field minimumRadius number
---@field direction dynamics.Point
---@field smoothness number
---@field animationSpeed number
---@field evaluate? dynamics.FieldFunction custom fields only: the function (assign another to replace it)

---A behavior made by `dynamics.use`; its params read and write as fields (`self.strength`),
---checked against their defaults' types. Any other string key (but `items`, `children` and
---the methods) is the instance's own state: any value, nil until set.
---@class dynamics.PluginBehavior: dynamics.Behavior
---@field [string] any

---What a plugin file returns. Type it with a `---@type` line on a local, and return that:
---
---```lua
------@type dynamics.PluginDefinition
---local wind = {
---  name = "wind",
---  params = { strength = 40 },
---  action = function(self, dt) end,   -- self: dynamics.PluginBehavior (its params as fields)
---}
---return wind
---```
---@class dynamics.PluginDefinition
---@field name? string the file's name (a plugin is registered by its file; another name is an error)
---@field params? table<string, any> defaults; overrides must have the same types
---@field action? fun(self: dynamics.PluginBehavior, dt: number) once per frame
---@field field? fun(self: dynamics.PluginBehavior, position: dynamics.Point, velocity: dynamics.Point, mass: number, charge: number, time: number): number, number

-- ── Run records (`animator:run{ seconds = S, record = true }`) ─────────────────────────────

---A record of every frame of a run: per frame its time, per item its center, angle, velocity
---and angular velocity. Times are the animator's `elapsedTime`; a frame in which time did not
---advance (the animator had paused) is not recorded again.
---@class dynamics.Record
---@field restedAt number|nil the time from which the animator stayed paused to the end (s), or nil if it was running at the last frame
---@field startTime number the first frame's time (s)
---@field endTime number the last frame's time (s)
---@field frames integer how many frames the record holds
---@field times number[] each frame's time (s), in order
---@field names string[] the items' names, in the record's order (an item without a name is "item1", "item2"… by position)
local Record = {}

---One item's track, by its name (the one item of that name) or the item itself.
---@param nameOrItem string|dynamics.Item
---@return dynamics.Track
function Record:item(nameOrItem) end

---One item at one moment of a record.
---@class dynamics.RecordState
---@field time number s
---@field center dynamics.Point
---@field angle number radians, unwrapped over the record (a turn and a half reads 3π)
---@field velocity dynamics.Point pt/s
---@field angularVelocity number rad/s
---@field speed number |velocity| (pt/s)

---@alias dynamics.TrackProperty "x"|"y"|"angle"|"vx"|"vy"|"speed"|"angularVelocity"

---One item's frames in a record, from the frame it joined the run to the last.
---@class dynamics.Track
---@field name string the item's name in the record
---@field item dynamics.Item|nil the item
---@field first dynamics.RecordState its first frame
---@field last dynamics.RecordState its last frame
---@field startTime number s
---@field endTime number s
local Track = {}

---The item at time `t` (s, the animator's time), interpolated linearly between the frames
---around it; an error outside `startTime … endTime`.
---@param t number
---@return dynamics.RecordState
function Track:at(t) end

---The largest value of `property` over the track, and the time of its first occurrence.
---@param property dynamics.TrackProperty
---@return number value
---@return number time
function Track:max(property) end

---The smallest value of `property` over the track, and the time of its first occurrence.
---@param property dynamics.TrackProperty
---@return number value
---@return number time
function Track:min(property) end

-- ── Scenes ────────────────────────────────────────────────────────────────────────────────

---What a scene script returns to `dynamics run`/`serve`: an animator, or this table.
---@class dynamics.SceneResult
---@field animator dynamics.Animator
---@field seconds? number how long `run` records
---@field params? table<string, dynamics.SceneParam> sliders of the live viewer

---What `loadScene` gives: for a scene that returns a table, its `animator`, `params` and
---`seconds`, and any other field the scene put in it for its tests (`s.state`, `s.sheet`),
---typed `any`; for a scene that returns its animator, the animator. One type serves both
---(`s.animator:run{…}` and `s:run{…}` complete), so neither form is flagged.
---@class dynamics.LoadedScene: dynamics.SceneResult, dynamics.Animator
---@field animator dynamics.Animator
---@field [string] any

---@class dynamics.SceneParam
---@field value number
---@field min number
---@field max number
---@field step? number
---@field apply fun(value: number)
---@field spring? dynamics.SceneSpring the spring this slider tunes: the viewer draws its step response beside it

---A slider's spring, in one dialect: `frequency` (Hz) and `damping` (ratio), or `response` (s)
---and `dampingFraction`. Each is a number or the name of a slider (this one or another) whose
---value it takes; at least one names a slider. `spring = { frequency = "k", damping = 0.5 }`.
---@class dynamics.SceneSpring
---@field frequency? number|string
---@field damping? number|string
---@field response? number|string
---@field dampingFraction? number|string

-- ── Tests (`*_test.lua`) ─────────────────────────────────────────────────────────────────

---Declares test cases: `test(name, fn)` a case; `test.skip` one reported skipped and not
---run; `test.only` a focused one (when a file has any, only those run, the others are
---reported skipped). `it` is the same table.
---@class dynamics.TestDeclarer
---@overload fun(name: string, fn: fun())
local TestDeclarer = {}

---Declares a case that is reported skipped and not run.
---@param name string
---@param fn fun()
function TestDeclarer.skip(name, fn) end

---Declares a focused case: when a file has any, only those run (the others are reported skipped).
---@param name string
---@param fn fun()
function TestDeclarer.only(name, fn) end

---Declares a test case (`it` is the same).
---@type dynamics.TestDeclarer
test = nil

---Declares a test case (`test` is the same).
---@type dynamics.TestDeclarer
it = nil

---A block of cases: their full names start with `name` ("sheet › lands on half"), and its
---`before_each`/`after_each` hooks run around each of them.
---@param name string
---@param fn fun()
function describe(name, fn) end

---Runs `fn` before each case of the enclosing `describe` block (or of the file), outer blocks' first.
---@param fn fun()
function before_each(fn) end

---Runs `fn` after each case of the enclosing `describe` block (or of the file), inner blocks' first,
---also when the case failed.
---@param fn fun()
function after_each(fn) end

---@class dynamics.Expectation
---@field never dynamics.Expectation the same checks, negated (`expect(v).never:toBe(3)`)
local Expectation = {}

---`==`.
---@param expected any
function Expectation:toBe(expected) end

---Deep equality: tables compared key by key (raw, metatables ignored, cycles allowed), numbers
---by value with NaN equal to NaN; a failure names the first differing key path.
---@param expected any
function Expectation:toEqual(expected) end

---Within `tolerance` (default 1e-6): numbers, or points compared by the distance between them. NaN is close to nothing.
---@param expected number|dynamics.Point
---@param tolerance? number
function Expectation:toBeCloseTo(expected, tolerance) end

---@param bound number
function Expectation:toBeLessThan(bound) end

---@param bound number
function Expectation:toBeGreaterThan(bound) end

function Expectation:toBeTruthy() end

---The value is a function that raises an error (matching the Lua `pattern`, if given).
---@param pattern? string
function Expectation:toFail(pattern) end

-- Physics matchers over run records. Times are the animator's (s), `within = S` counts from the
-- record's first frame, points are {x, y}, rectangles {x, y, width, height}; a failure says
-- when and where ("left {0, 0, 375, 667} at t = 1.233 s at (380.2, 200.0), …").

---(A record) The animator paused, and stayed paused to the end, by `within` s (by the end without it).
---@param options? { within?: number }
function Expectation:toComeToRest(options) end

---(A track) The center comes within `tolerance` pt of `point` and stays there to the end (by `within` s).
---@param point dynamics.Point
---@param tolerance number
---@param options? { within?: number }
function Expectation:toSettleAt(point, tolerance, options) end

---(A track) The center never goes more than `distance` pt past `point` along its approach
---(the direction from its first center to `point`).
---@param point dynamics.Point
---@param distance number
function Expectation:toNeverOvershoot(point, distance) end

---(A track) The item's outline stays inside `rect` (past an edge by at most 0.5 pt, as resting on it does).
---@param rect dynamics.Rect
function Expectation:toStayInside(rect) end

---(A track) The item's outline comes wholly out of `rect` (by `within` s).
---@param rect dynamics.Rect
---@param options? { within?: number }
function Expectation:toLeave(rect, options) end

---(A track) The last frame's center is within `tolerance` pt of `point`.
---@param point dynamics.Point
---@param tolerance number
function Expectation:toEndNear(point, tolerance) end

---(A track) At some frame the two items' outlines interpenetrate by more than 0.5 pt.
---@param other dynamics.Track a track of the same record
function Expectation:toOverlap(other) end

---(A record) The run matches the golden `__goldens__/NAME.json` beside the test file: positions
---within `tolerance` pt (default 0.5; angles by how far they move the item's corners) at the
---golden's frames. `dynamics test --update-goldens` writes goldens that are missing or differ;
---a mismatch names the first frame, item and property and draws `__goldens__/NAME.mismatch.svg`.
---@param name string a file name: no '/', '..' or control characters
---@param options? { tolerance?: number, stride?: integer, items?: (string|dynamics.Item)[] }
function Expectation:toMatchGolden(name, options) end

---@param value any
---@param label? string names the value in failure messages ("sheet.y: expected less than 0.3, got 0.75")
---@return dynamics.Expectation
function expect(value, label) end

---Runs a scene file (relative to the test file) and returns what it returns: its animator,
---or its table (`dynamics.LoadedScene`: open fields, so `s.state` is not flagged).
---@param path string a .lua file
---@return dynamics.LoadedScene
function loadScene(path) end

---Replays a recording (.dynrec, relative to the test file) on a fresh load of the scene it
---names and checks every frame's state against it (as `dynamics replay --validate`); fails
---naming the first differing frame, its time, and the item and property with both values.
---@param path string a .dynrec file
---@return { frames: integer, time: number } frames replayed and the simulated time at the end (s)
function replayRecording(path) end

return dynamics
