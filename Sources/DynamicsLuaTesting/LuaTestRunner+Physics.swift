extension LuaTestRunner {
    /// The physics matchers over run records, spliced into the test API after its own
    /// matchers: `toComeToRest`, `toSettleAt`, `toNeverOvershoot`, `toStayInside`, `toLeave`,
    /// `toEndNear`, `toOverlap` and `toMatchGolden`. The host checks each claim and words its
    /// failures (Bindings/LuaRecordMatchers.swift, Bindings/LuaGoldens.swift); here each
    /// becomes a matcher like the others (labels, `.never`), and a misused one (wrong types,
    /// NaN, an unknown item) is reported at the test's line after the label.
    static let physicsMatchersSource = """
        do
          local physics = __dynamics_physics
          local function physical(name)
            local check = physics[name]
            matcher(name, function(e, v, ...)
              local ok, holds, message, negated
              if name == 'toMatchGolden' then
                -- Under .never a golden is compared, never written.
                ok, holds, message, negated = pcall(check, v, rawget(e, 'negated') and true or false, ...)
              else
                ok, holds, message, negated = pcall(check, v, ...)
              end
              if not ok then misuse(e, (gsub(tostring(holds), '^[^:]*:%d+: ', '', 1))) end
              return holds, message, negated
            end)
          end
          local names = { 'toComeToRest', 'toSettleAt', 'toNeverOvershoot', 'toStayInside', 'toLeave',
                          'toEndNear', 'toOverlap', 'toMatchGolden' }
          for i = 1, #names do physical(names[i]) end
        end
        """
}
